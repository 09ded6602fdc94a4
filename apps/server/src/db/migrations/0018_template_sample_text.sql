-- Decision 023 (truthful templates): the editor used to pre-fill an item made from a template with the template's
-- sample text, which was then stored and published as the host's words. Clear every stored value that is still
-- that sample: rich text equal once markup and white space are set aside (the editor re-wraps list items and
-- the sanitiser may reorder attributes), plain fields equal once trimmed. A host who changed a word keeps it all.
-- content_templates already holds the samples on a database that has items (the catalogue is seeded at every
-- start, after migrations); on a fresh database both tables are empty and this changes nothing.
WITH "sample_fields" AS (
  SELECT
    ci."id",
    coalesce(bool_or(
      regexp_replace(ct."default_text", '<[^>]*>|\s', '', 'g') <> ''
      AND regexp_replace(ci."detail_text", '<[^>]*>|\s', '', 'g') = regexp_replace(ct."default_text", '<[^>]*>|\s', '', 'g')
    ), false) AS "text_is_sample",
    coalesce(bool_or(btrim(ci."describe") = btrim(ct."default_describe")), false) AS "describe_is_sample",
    coalesce(bool_or(btrim(ci."locate") = btrim(ct."default_locate")), false) AS "locate_is_sample",
    coalesce(bool_or(btrim(ci."operate") = btrim(ct."default_operate")), false) AS "operate_is_sample",
    coalesce(bool_or(btrim(ci."web_link") = btrim(ct."default_web_link")), false) AS "web_link_is_sample"
  FROM "content_items" ci
  JOIN "content_templates" ct ON ct."label" = ci."template_label"
  GROUP BY ci."id"
)
UPDATE "content_items" AS ci SET
  "detail_text" = CASE WHEN s."text_is_sample" THEN '' ELSE ci."detail_text" END,
  "describe" = CASE WHEN s."describe_is_sample" THEN NULL ELSE ci."describe" END,
  "locate" = CASE WHEN s."locate_is_sample" THEN NULL ELSE ci."locate" END,
  "operate" = CASE WHEN s."operate_is_sample" THEN NULL ELSE ci."operate" END,
  "web_link" = CASE WHEN s."web_link_is_sample" THEN NULL ELSE ci."web_link" END,
  -- A new version: machine translations cached for the sample text are not reused.
  "content_version" = ci."content_version" + 1,
  "updated_at" = now()
FROM "sample_fields" s
WHERE s."id" = ci."id"
  AND (s."text_is_sample" OR s."describe_is_sample" OR s."locate_is_sample" OR s."operate_is_sample" OR s."web_link_is_sample");
