-- The sign-in throttle counts every attempt before its password is checked, in one locked row per
-- (scope, key) instead of a row per failure read before the check: simultaneous guesses used to
-- pass unseen. Old failure rows are dropped: they only ever slowed the next quarter of an hour.
-- An attempt beyond a scope's free ones holds the scope while its (slow) password check runs
-- (checking_until), lapsing by itself should the attempt's process die.
-- Two-factor sign-in for staff: the TOTP secret (sealed with the master key) and the last step
-- accepted (no replay), single-use recovery codes stored hashed, and the agency's setting of who
-- must sign in with two factors.
CREATE TABLE "backoffice"."sign_in_throttle" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"checking_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttle_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "backoffice"."staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "backoffice"."sign_in_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "backoffice"."settings" ADD COLUMN "two_factor_required_for" text DEFAULT 'nobody' NOT NULL;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "backoffice"."staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "backoffice"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_idx" ON "backoffice"."sign_in_throttle" USING btree ("last_failure_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_key" ON "backoffice"."staff_recovery_codes" USING btree ("staff_id","code_hash");