-- The velocity rule's running total (docs/deposits-and-kyt.md "The running totals"): the sum of a
-- user's hourly deposit_velocity rows, kept on the user's deposit_users row by the statement that
-- writes them, so screening reads one row where it summed up to 24 (one per hour the user
-- deposited in the last day). Filled from the rows there are.
ALTER TABLE "wallet"."deposit_users" ADD COLUMN "velocity_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "wallet"."deposit_users" AS f SET "velocity_amount" = v."total"
FROM (SELECT "user_id", sum("amount") AS "total" FROM "wallet"."deposit_velocity" GROUP BY "user_id") AS v
WHERE f."user_id" = v."user_id";
