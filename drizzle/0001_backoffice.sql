CREATE SCHEMA "backoffice";
--> statement-breakpoint
CREATE TABLE "backoffice"."audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"actor_role" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"outcome" text NOT NULL,
	"result_code" integer,
	"summary" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backoffice"."sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backoffice"."staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"password_hash" text,
	"session_version" integer DEFAULT 1 NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "backoffice"."audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "backoffice"."audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "backoffice"."audit_log" USING btree ("actor_email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "backoffice"."audit_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_idx" ON "backoffice"."sign_in_failures" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_key" ON "backoffice"."staff" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invite_token_key" ON "backoffice"."staff" USING btree ("invite_token_hash");