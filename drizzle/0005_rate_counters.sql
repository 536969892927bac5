CREATE TABLE "wallet"."rate_counters" (
	"app_key" text NOT NULL,
	"second" bigint NOT NULL,
	"instance" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_counters_app_key_second_instance_pk" PRIMARY KEY("app_key","second","instance")
);
--> statement-breakpoint
CREATE INDEX "rate_counters_second_idx" ON "wallet"."rate_counters" USING btree ("second");