-- An agent contract's events are its history, which both sides and the operators read (decision 0066): nothing in
-- the platform changes or removes one, and the database refuses it too.
CREATE OR REPLACE FUNCTION agent_contract_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'agent_contract_events is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER agent_contract_events_no_change BEFORE UPDATE OR DELETE ON agent_contract_events
  FOR EACH ROW EXECUTE FUNCTION agent_contract_events_append_only();
CREATE OR REPLACE TRIGGER agent_contract_events_no_truncate BEFORE TRUNCATE ON agent_contract_events
  FOR EACH STATEMENT EXECUTE FUNCTION agent_contract_events_append_only();
