-- The version a room had when it left memory in good order. When it equals `v` at load time, no event after
-- the last write was lost; otherwise (a crash) the room skips ahead so that no version is used twice.
ALTER TABLE games ADD COLUMN closed_v BIGINT;
