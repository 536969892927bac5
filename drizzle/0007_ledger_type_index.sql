-- asset/ledger filtered by type (the back-office ledger filter): that type's entries of one asset,
-- newest first, without reading the other types' entries.
CREATE INDEX "ledger_asset_reason_seq_idx" ON "wallet"."ledger_entries" USING btree ("asset_id","reason","seq");
