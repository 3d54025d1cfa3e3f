-- Issue 18 §1 (search p99 ≤ 50 ms at 100k, ≤ 100 ms at 1M; docs/decisions.md "Search by
-- words"): the applications' search box matches words by their beginning through one GIN index
-- of a tsvector, instead of substrings through seven trigram indexes. A trigram search of a
-- common word intersects the long posting lists of its trigrams in every index (about 10 ms at
-- 100,000 applications and ten times that at a million, every request); a word's prefix reads
-- the posting lists of the few words that start with it.
--
-- The lexemes, made here so that every writer (the app, the counter, imports, the bench's
-- seeder, a restore) keeps them right: the seven searched columns in Unicode NFC, lower case,
-- Devanagari digits as Latin ones, cut at white space and punctuation (lib/search.ts
-- WORD_SEPARATORS is the same class); and the five number columns whole as well, so a number
-- typed with its separators ('15614/2082-83') is found by its beginning. array_to_tsvector
-- takes them as they are: no stemming, no stop words, Devanagari as it is stored.
ALTER TABLE "applications" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (
  array_to_tsvector(array_remove(
    regexp_split_to_array(
      lower(translate(normalize(
        coalesce("business_name", '') || ' ' || coalesce("owner_name", '') || ' ' ||
        coalesce("submission_no", '') || ' ' || coalesce("registration_no", '') || ' ' ||
        coalesce("old_registration_no", '') || ' ' || coalesce("loc_mobile", '') || ' ' ||
        coalesce("applicant_contact", ''), NFC), '०१२३४५६७८९', '0123456789')),
      '[[:space:]/\\,.;:()\[\]{}"''&+|_#!?*@।॥-]+')
    || ARRAY[
      lower(translate(normalize(coalesce("submission_no", ''), NFC), '०१२३४५६७८९', '0123456789')),
      lower(translate(normalize(coalesce("registration_no", ''), NFC), '०१२३४५६७८९', '0123456789')),
      lower(translate(normalize(coalesce("old_registration_no", ''), NFC), '०१२३४५६७८९', '0123456789')),
      lower(translate(normalize(coalesce("loc_mobile", ''), NFC), '०१२३४५६७८९', '0123456789')),
      lower(translate(normalize(coalesce("applicant_contact", ''), NFC), '०१२३४५६७८९', '0123456789'))
    ], ''))
) STORED;
--> statement-breakpoint
CREATE INDEX "applications_search_words_idx" ON "applications" USING gin ("search_words") WITH (gin_pending_list_limit = 256) WHERE "deleted_on" is null;
--> statement-breakpoint
-- The public register (reports/public-register.ts) still searches business names and
-- registration numbers by substring, so those three trigram indexes stay; the other four
-- served only the applications' search box.
DROP INDEX IF EXISTS "applications_owner_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "applications_submission_no_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "applications_loc_mobile_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "applications_applicant_contact_trgm_idx";
