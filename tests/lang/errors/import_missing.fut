-- Importing a file that does not exist.
-- ==
-- error: :5:8: cannot import \"no_such_file\": file \S*no_such_file\.fut not found

import "no_such_file"
def main = 1i32
