-- An agent's invitation link carries the contract terms a new sub-agent gets (issue 37, decision 0064 "Later: contract
-- terms"): a list of the contract's ContractTermsSchema, at most one per kind, checked as an offer is when the link is
-- made. At a registration through the link each becomes an offer from the agent to the new sub-agent. A member link
-- (account_type 0) has none.
ALTER TABLE agent_invite_links ADD COLUMN contract_terms jsonb NOT NULL DEFAULT '[]';
ALTER TABLE agent_invite_links
  ADD CONSTRAINT agent_invite_links_contract_terms_check
  CHECK (jsonb_typeof(contract_terms) = 'array' AND (account_type = 2 OR contract_terms = '[]'::jsonb));
