-- asset/daily (the dashboard's runway): one asset's entries of the last days as an index range, so
-- the daily totals never read the entries older than the window.
CREATE INDEX "ledger_asset_created_idx" ON "wallet"."ledger_entries" USING btree ("asset_id","created_at");