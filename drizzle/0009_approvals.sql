CREATE TABLE "backoffice"."approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"request_id" text NOT NULL,
	"operation" text NOT NULL,
	"params" jsonb NOT NULL,
	"summary" text NOT NULL,
	"amount" text,
	"currency" text,
	"subject_user" text,
	"target_type" text,
	"target_id" text,
	"return_path" text NOT NULL,
	"maker_id" integer NOT NULL,
	"maker_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decider_id" integer,
	"decider_email" text,
	"decided_at" timestamp with time zone,
	"comment" text,
	"result_code" integer,
	"result_message" text,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backoffice"."settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"issue_approval_on" boolean NOT NULL,
	"issue_approval_min_fee" text NOT NULL,
	"transfer_approval_on" boolean NOT NULL,
	"transfer_approval_min_amount" text NOT NULL,
	"unlock_approval_on" boolean NOT NULL,
	"cancel_approval_on" boolean NOT NULL,
	"low_balance_threshold" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_one_row" CHECK ("backoffice"."settings"."id" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_request_id_key" ON "backoffice"."approval_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "backoffice"."approval_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "approval_requests_created_idx" ON "backoffice"."approval_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "approval_requests_return_path_idx" ON "backoffice"."approval_requests" USING btree ("return_path","created_at" DESC NULLS LAST);