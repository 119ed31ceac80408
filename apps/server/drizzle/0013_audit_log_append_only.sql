-- The audit log is append-only (decision 038): no statement may change or remove a row, whoever runs it.
-- TRUNCATE stays allowed: a restore empties every table of a fresh database before loading the backup.
CREATE FUNCTION taice_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION taice_audit_log_append_only();
