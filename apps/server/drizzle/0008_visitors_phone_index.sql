-- Hand-written: leads by phone (identity merge looks up every lead of a company with the phone a share-page form
-- left). Partial: beacon visitors have no phone, so the ingest pays nothing for it.
CREATE INDEX IF NOT EXISTS "visitors_phone_idx" ON "visitors" USING btree ("company_id", "phone") WHERE "phone" <> '';
