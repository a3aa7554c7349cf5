-- Import paths must be relative.
-- ==
-- error: :5:8: import path \"/etc/passwd\" must be relative

import "/etc/passwd"
def main = 1i32
