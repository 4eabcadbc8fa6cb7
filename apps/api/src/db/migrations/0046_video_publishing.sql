-- Videos go live when the admin says so (decision 0037). publish_at NULL: a draft, seen only by
-- admins; a time: members see the video from that time on (a time still ahead is a schedule, no job needed). The
-- videos already there stay live from when they were added; a row inserted without it is live at once.
ALTER TABLE videos ADD COLUMN publish_at timestamptz;
UPDATE videos SET publish_at = created_at;
ALTER TABLE videos ALTER COLUMN publish_at SET DEFAULT now();

-- Members' latest live video: the newest publish_at not after now().
CREATE INDEX videos_live_idx ON videos (publish_at DESC, id DESC) WHERE deleted_at IS NULL AND publish_at IS NOT NULL;
