ALTER TABLE "backoffice"."approval_requests" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "backoffice"."approval_requests" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "cards_app_created_idx" ON "wallet"."cards" USING btree ("app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cards_app_status_created_idx" ON "wallet"."cards" USING btree ("app_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);