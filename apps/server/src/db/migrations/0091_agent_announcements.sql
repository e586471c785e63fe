-- The agent centre's announcement page, agentAnnouncement (docs/product/agent-centre.md#announcements): an
-- operator's announcement addressed to the brand's agents only, and which of them each agent has read.

-- 'all' is shown on the site as before; 'agents' only on the agent centre's page, never in the public lists.
ALTER TABLE announcements ADD COLUMN audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'agents'));
-- The agents' page of a brand and language, newest first.
CREATE INDEX announcements_agents_idx ON announcements (merchant_id, language, starts_at DESC, id DESC)
  WHERE audience = 'agents';

-- An agent read an agents' announcement (it opened it); gone with the announcement or the member.
CREATE TABLE announcement_reads (
  announcement_id bigint NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, announcement_id)
);
