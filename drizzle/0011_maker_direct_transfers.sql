CREATE TABLE "backoffice"."direct_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"maker_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"amount" numeric(21, 6) NOT NULL,
	"from_asset_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "direct_transfers_request_id_key" ON "backoffice"."direct_transfers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "direct_transfers_maker_idx" ON "backoffice"."direct_transfers" USING btree ("maker_id","created_at");