-- An attempt beyond a scope's free ones holds the scope while its (slow) password check runs, so
-- attempts sent alongside it are refused however long the check takes; the hold lapses by itself
-- should the attempt's process die.
ALTER TABLE "backoffice"."sign_in_throttle" ADD COLUMN "checking_until" timestamp with time zone;