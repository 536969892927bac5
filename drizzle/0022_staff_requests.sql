CREATE TABLE "backoffice"."staff_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"app_user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"summary" text NOT NULL,
	"note" text NOT NULL,
	"maker_id" integer NOT NULL,
	"maker_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closer_id" integer,
	"closer_email" text,
	"closed_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_requests_open_key" ON "backoffice"."staff_requests" USING btree ("app_user_id","card_id","kind") WHERE "backoffice"."staff_requests"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "staff_requests_status_idx" ON "backoffice"."staff_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_requests_card_idx" ON "backoffice"."staff_requests" USING btree ("app_user_id","card_id","created_at" DESC NULLS LAST);
