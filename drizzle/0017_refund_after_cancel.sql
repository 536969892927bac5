ALTER TABLE "wallet"."cards" ADD COLUMN "balance_moved_to" integer;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_balance_moved_to_assets_id_fk" FOREIGN KEY ("balance_moved_to") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_card_asset_idx" ON "wallet"."cards" USING btree ("card_asset_id");--> statement-breakpoint
-- Cards cancelled before this column: where their cancel's CARD_REFUND credit went (the wallet, or
-- the replacement card's asset). One cancelled with nothing to move stays null; a refund to it
-- goes to the owner's wallet of its currency, where card/cancel moves a balance.
UPDATE "wallet"."cards" c SET "balance_moved_to" = (
  SELECT e."asset_id" FROM "wallet"."ledger_entries" e
   WHERE e."card_id" = c."id" AND e."reason" = 'CARD_REFUND' AND e."amount" > 0 AND e."asset_id" <> c."card_asset_id"
   ORDER BY e."id" LIMIT 1
) WHERE c."status" = 'CANCELLED';
