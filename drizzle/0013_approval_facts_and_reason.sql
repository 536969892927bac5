ALTER TABLE "backoffice"."approval_requests" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "backoffice"."approval_requests" ADD COLUMN "reason" text;