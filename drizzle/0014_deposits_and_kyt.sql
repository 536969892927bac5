CREATE TABLE "wallet"."deposit_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."deposit_seeds" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."deposit_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first_deposit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."deposit_velocity" (
	"user_id" integer NOT NULL,
	"hour" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "deposit_velocity_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
CREATE TABLE "wallet"."deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"credited_amount" bigint NOT NULL,
	"confirmations" integer NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"risk_level" text,
	"risk_reasons" text[],
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"screened_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_amount_positive" CHECK ("wallet"."deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet"."kyt_rules" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"blocked_addresses" text[] NOT NULL,
	"review_addresses" text[] NOT NULL,
	"review_amount" bigint NOT NULL,
	"severe_amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD COLUMN "deposit_id" integer;--> statement-breakpoint
ALTER TABLE "wallet"."deposit_addresses" ADD CONSTRAINT "deposit_addresses_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposit_seeds" ADD CONSTRAINT "deposit_seeds_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposit_users" ADD CONSTRAINT "deposit_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposit_velocity" ADD CONSTRAINT "deposit_velocity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposits" ADD CONSTRAINT "deposits_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."deposits" ADD CONSTRAINT "deposits_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."kyt_rules" ADD CONSTRAINT "kyt_rules_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_chain_key" ON "wallet"."deposit_addresses" USING btree ("user_id","chain");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_chain_address_key" ON "wallet"."deposit_addresses" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_tx_log_key" ON "wallet"."deposits" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "deposits_app_idx" ON "wallet"."deposits" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "deposits_app_status_idx" ON "wallet"."deposits" USING btree ("app_id","status","id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "wallet"."deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_user_status_idx" ON "wallet"."deposits" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_deposit_key" ON "wallet"."ledger_entries" USING btree ("deposit_id") WHERE "wallet"."ledger_entries"."deposit_id" is not null;