-- The sign-in throttle counts every attempt before its password is checked, in one locked row per
-- (scope, key) instead of a row per failure read before the check: simultaneous guesses used to
-- pass unseen. Old failure rows are dropped: they only ever slowed the next quarter of an hour.
CREATE TABLE "backoffice"."sign_in_throttle" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "sign_in_throttle_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
DROP TABLE "backoffice"."sign_in_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_idx" ON "backoffice"."sign_in_throttle" USING btree ("last_failure_at");