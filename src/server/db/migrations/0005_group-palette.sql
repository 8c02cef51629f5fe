-- The specification's palette replaces the first colour names; each old name maps to its nearest
-- (src/domain/group-colors.ts legacyGroupColorName: emerald → green, sky → blue, violet → purple,
-- amber → amber, rose → red, slate → blue).
UPDATE "groups" SET "color" = CASE "color"
  WHEN 'emerald' THEN 'green'
  WHEN 'sky' THEN 'blue'
  WHEN 'violet' THEN 'purple'
  WHEN 'rose' THEN 'red'
  WHEN 'slate' THEN 'blue'
  ELSE "color" END
 WHERE "color" IN ('emerald', 'sky', 'violet', 'rose', 'slate');
