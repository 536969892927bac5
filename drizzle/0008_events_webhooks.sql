CREATE TABLE "wallet"."event_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures_in_round" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"claim_token" text
);
--> statement-breakpoint
CREATE TABLE "wallet"."events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"app_id" integer NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "wallet"."webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text NOT NULL,
	"description" text,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet"."event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "wallet"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."event_deliveries" ADD CONSTRAINT "event_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "wallet"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."events" ADD CONSTRAINT "events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_event_endpoint_key" ON "wallet"."event_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "event_deliveries_endpoint_idx" ON "wallet"."event_deliveries" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "wallet"."event_deliveries" USING btree ("next_attempt_at") WHERE "wallet"."event_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "events_app_idx" ON "wallet"."events" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "events_app_type_idx" ON "wallet"."events" USING btree ("app_id","type","id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "wallet"."events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_app_idx" ON "wallet"."webhook_endpoints" USING btree ("app_id","id");