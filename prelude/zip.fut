-- | Zipping and unzipping (LANGUAGE.md §13.3).  Length mismatches are
-- caught by `__zip` at run time.

def zip [n] 'a 'b (as: [n]a) (bs: [n]b) : *[n](a, b) = __zip as bs

def zip2 [n] 'a 'b (as: [n]a) (bs: [n]b) : *[n](a, b) = __zip as bs

def zip3 [n] 'a 'b 'c (as: [n]a) (bs: [n]b) (cs: [n]c) : *[n](a, b, c) =
  __map (\(a, (b, c)) -> (a, b, c)) (__zip as (__zip bs cs))

def zip4 [n] 'a 'b 'c 'd (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) : *[n](a, b, c, d) =
  __map (\(a, (b, (c, d))) -> (a, b, c, d)) (__zip as (__zip bs (__zip cs ds)))

def zip5 [n] 'a 'b 'c 'd 'e (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e) : *[n](a, b, c, d, e) =
  __map (\(a, (b, (c, (d, e)))) -> (a, b, c, d, e))
        (__zip as (__zip bs (__zip cs (__zip ds es))))

def unzip [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) =
  (__map (\(a, _) -> a) xs, __map (\(_, b) -> b) xs)

def unzip2 [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) =
  unzip xs

def unzip3 [n] 'a 'b 'c (xs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  (__map (\(a, _, _) -> a) xs,
   __map (\(_, b, _) -> b) xs,
   __map (\(_, _, c) -> c) xs)

def unzip4 [n] 'a 'b 'c 'd (xs: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  (__map (\(a, _, _, _) -> a) xs,
   __map (\(_, b, _, _) -> b) xs,
   __map (\(_, _, c, _) -> c) xs,
   __map (\(_, _, _, d) -> d) xs)

def unzip5 [n] 'a 'b 'c 'd 'e (xs: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  (__map (\(a, _, _, _, _) -> a) xs,
   __map (\(_, b, _, _, _) -> b) xs,
   __map (\(_, _, c, _, _) -> c) xs,
   __map (\(_, _, _, d, _) -> d) xs,
   __map (\(_, _, _, _, e) -> e) xs)
