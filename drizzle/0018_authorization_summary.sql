CREATE TABLE "wallet"."authorization_day_totals" (
	"app_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"decimal_places" integer NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"cleared" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "authorization_day_totals_pk" PRIMARY KEY("app_id","day","currency","decimal_places","status","decline_reason","shard")
);
--> statement-breakpoint
-- The authorizations made before this migration, summed once (docs/card-spending.md "Summary").
INSERT INTO "wallet"."authorization_day_totals"
  ("app_id", "day", "currency", "decimal_places", "status", "decline_reason", "shard", "count", "amount", "held", "cleared", "refunded")
SELECT a."app_id", (a."created_at" AT TIME ZONE 'UTC')::date, a."currency", s."decimal_places", a."status",
       coalesce(a."decline_reason", ''), a."card_id" % 8, count(*),
       sum(CASE WHEN a."status" = 'DECLINED' THEN 0 ELSE a."amount" END), sum(a."held"), sum(a."cleared"), sum(a."refunded")
  FROM "wallet"."authorizations" a
  JOIN "wallet"."assets" s ON s."id" = a."card_asset_id"
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
