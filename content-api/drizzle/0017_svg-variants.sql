-- SVG images get raster variants when they draw alone (ADR 172, amending 123): the SVGs
-- stored before are measured again when the API starts (measureStoredImages), which decides it.
UPDATE "images" SET "width" = NULL, "height" = NULL WHERE "content_type" = 'image/svg+xml' AND "variant_fallback" IS NULL;
