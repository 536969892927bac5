ALTER TABLE "backoffice"."audit_log" ADD COLUMN "subject_user" text;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "backoffice"."audit_log" USING btree ("subject_user","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Entries written before the column existed: those about a user name the user as their target.
UPDATE "backoffice"."audit_log" SET "subject_user" = "target_id" WHERE "target_type" = 'user' AND "subject_user" IS NULL;
