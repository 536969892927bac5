-- Two-factor sign-in for staff: the TOTP secret (sealed with the master key) and the last step
-- accepted (no replay), single-use recovery codes stored hashed, and the agency's setting of who
-- must sign in with two factors.
CREATE TABLE "backoffice"."staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backoffice"."settings" ADD COLUMN "two_factor_required_for" text DEFAULT 'nobody' NOT NULL;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backoffice"."staff" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "backoffice"."staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "backoffice"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_key" ON "backoffice"."staff_recovery_codes" USING btree ("staff_id","code_hash");