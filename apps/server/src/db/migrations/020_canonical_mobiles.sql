-- Mobile numbers in one canonical form: phone_code is the country calling code and mobile the national
-- significant number, digits only, so '+' || phone_code || mobile is the E.164 number (docs/decisions/010).
-- Rows typed by hand before this ('098765 43210', '91-98765-43210', '+91') are rewritten here; libphonenumber
-- is not reachable from SQL, so this covers how numbers are commonly written: separators, a leading + or 00
-- in the code, the trunk prefix 0, and the calling code repeated in front of the number. A row whose
-- canonical number another student already has is left as written, for staff to resolve in the roster.
WITH cleaned AS (
  SELECT id, phone_code AS old_code, mobile AS old_mobile,
         ltrim(regexp_replace(phone_code, '\D', '', 'g'), '0') AS code,
         ltrim(regexp_replace(mobile, '\D', '', 'g'), '0') AS digits
    FROM students
), canonical AS (
  SELECT id, old_code, old_mobile, code,
         CASE WHEN length(digits) > 10 AND left(digits, length(code)) = code AND length(digits) - length(code) >= 8
              THEN substr(digits, length(code) + 1) ELSE digits END AS mobile
    FROM cleaned
), ranked AS (
  SELECT c.*, row_number() OVER (PARTITION BY code, mobile ORDER BY (old_code = code AND old_mobile = mobile) DESC, id) AS n
    FROM canonical c
)
UPDATE students s SET phone_code = r.code, mobile = r.mobile
  FROM ranked r
 WHERE s.id = r.id AND r.n = 1 AND (r.old_code <> r.code OR r.old_mobile <> r.mobile) AND r.code <> '' AND r.mobile <> ''
   AND NOT EXISTS (SELECT 1 FROM students o WHERE o.id <> r.id AND o.phone_code = r.code AND o.mobile = r.mobile);
