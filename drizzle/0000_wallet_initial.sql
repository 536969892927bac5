CREATE SCHEMA "wallet";
--> statement-breakpoint
CREATE TABLE "wallet"."addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"province" text,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"detailed_address" text,
	"postal_code" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "wallet"."apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_app_id_unique" UNIQUE("app_id")
);
--> statement-breakpoint
CREATE TABLE "wallet"."assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"symbol" text NOT NULL,
	"icon" text NOT NULL,
	"decimal_places" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_balance_non_negative" CHECK ("wallet"."assets"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet"."card_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_icon" text NOT NULL,
	"decimal_places" integer NOT NULL,
	"fee" bigint NOT NULL,
	"bin" text NOT NULL,
	"level" integer NOT NULL,
	"feature" text NOT NULL,
	"style_config" text NOT NULL,
	"validity_years" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "wallet"."cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"payment_asset_id" integer NOT NULL,
	"card_asset_id" integer NOT NULL,
	"paid_by" text NOT NULL,
	"fee" bigint NOT NULL,
	"card_number" text NOT NULL,
	"card_uuid" uuid NOT NULL,
	"embossed_name" text NOT NULL,
	"card_holder" text NOT NULL,
	"expire_month" text NOT NULL,
	"expire_year" text NOT NULL,
	"status" text NOT NULL,
	"card_account_status" text NOT NULL,
	"channel" text NOT NULL,
	"need_delivery" boolean NOT NULL,
	"address_id" integer,
	"card_image_url" text,
	"reject_reason" text,
	"active_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_card_number_unique" UNIQUE("card_number"),
	CONSTRAINT "cards_card_uuid_unique" UNIQUE("card_uuid")
);
--> statement-breakpoint
CREATE TABLE "wallet"."idempotency_keys" (
	"app_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"operation" text NOT NULL,
	"params_hash" text NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_app_id_request_id_pk" PRIMARY KEY("app_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "wallet"."ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."used_nonces" (
	"app_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_nonces_app_id_nonce_pk" PRIMARY KEY("app_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "wallet"."users" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_user_id" text NOT NULL,
	"email" text NOT NULL,
	"wallet_account_type" text NOT NULL,
	"wallet_token_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthday" text NOT NULL,
	"gender" text,
	"mobile" text NOT NULL,
	"region" text NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"document_expiry_date" text,
	"photos" text[] NOT NULL,
	"occupation" text,
	"position" text,
	"annual_income" text,
	"detailed_address" text,
	"card_uuid" text,
	"support_document_type" text,
	"support_document_url" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet"."addresses" ADD CONSTRAINT "addresses_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."apps" ADD CONSTRAINT "apps_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "wallet"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."assets" ADD CONSTRAINT "assets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."assets" ADD CONSTRAINT "assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_category_id_card_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "wallet"."card_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_payment_asset_id_assets_id_fk" FOREIGN KEY ("payment_asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_card_asset_id_assets_id_fk" FOREIGN KEY ("card_asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "wallet"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD CONSTRAINT "ledger_entries_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD CONSTRAINT "ledger_entries_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "wallet"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."users" ADD CONSTRAINT "users_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "wallet"."addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_key" ON "wallet"."addresses" USING btree ("user_id") WHERE "wallet"."addresses"."is_default";--> statement-breakpoint
CREATE INDEX "assets_app_user_idx" ON "wallet"."assets" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_agency_code_key" ON "wallet"."assets" USING btree ("app_id","code") WHERE "wallet"."assets"."user_id" is null;--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "wallet"."cards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "wallet"."idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_asset_idx" ON "wallet"."ledger_entries" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "ledger_card_idx" ON "wallet"."ledger_entries" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "used_nonces_created_idx" ON "wallet"."used_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_user_id_key" ON "wallet"."users" USING btree ("app_id","app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_email_key" ON "wallet"."users" USING btree ("app_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_app_registered_idx" ON "wallet"."users" USING btree ("app_id","registered_at" DESC NULLS LAST,"id" DESC NULLS LAST);