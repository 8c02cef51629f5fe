-- predictions.id is kept one release for instances of the previous version, which read it only as "a
-- prediction exists" (not null). New rows take the nil UUID instead of gen_random_uuid(): on the embedded
-- database that opened and read /dev/urandom for every row a save proposed, updates included, 7–14 % of a
-- batch of saves (docs/benchmarks.md). Changing a default rewrites nothing.
ALTER TABLE "predictions" ALTER COLUMN "id" SET DEFAULT '00000000-0000-0000-0000-000000000000'::uuid;
