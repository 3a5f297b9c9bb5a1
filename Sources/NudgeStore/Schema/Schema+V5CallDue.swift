import Foundation
import GRDB

/// `call_due` as v5 made it, filled once. `CallDue` keeps the current text, for a store whose
/// triggers another program dropped with a table; a change to it is a new migration.
extension Schema {
    static let v5 = Migration(identifier: "v5 call due") { db, _ in
        try db.execute(sql: v5SQL)
    }

    private static let v5SQL = """
        CREATE TABLE IF NOT EXISTS call_due (
            contact_id INTEGER PRIMARY KEY,
            last_call_at TEXT,
            due_day INTEGER
        );
        CREATE INDEX IF NOT EXISTS call_due_day ON call_due(due_day);
        CREATE TRIGGER IF NOT EXISTS call_due_log_insert AFTER INSERT ON call_logs BEGIN
        DELETE FROM call_due WHERE contact_id = new.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = new.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_log_update AFTER UPDATE OF contact_id, called_at, is_marked_deleted ON call_logs BEGIN
        DELETE FROM call_due WHERE contact_id = old.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = old.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        DELETE FROM call_due WHERE contact_id = new.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = new.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_log_delete AFTER DELETE ON call_logs BEGIN
        DELETE FROM call_due WHERE contact_id = old.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = old.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_contact_insert AFTER INSERT ON contacts BEGIN
        DELETE FROM call_due WHERE contact_id = new.id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = new.id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_contact_update AFTER UPDATE OF id, stay_in_touch_days, created_at ON contacts BEGIN
        DELETE FROM call_due WHERE contact_id = old.id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = old.id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        DELETE FROM call_due WHERE contact_id = new.id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = new.id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_contact_delete AFTER DELETE ON contacts BEGIN
        DELETE FROM call_due WHERE contact_id = old.id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = old.id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_restart_insert AFTER INSERT ON call_cadence BEGIN
        DELETE FROM call_due WHERE contact_id = new.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = new.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_restart_update AFTER UPDATE ON call_cadence BEGIN
        DELETE FROM call_due WHERE contact_id = old.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = old.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        DELETE FROM call_due WHERE contact_id = new.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = new.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_due_restart_delete AFTER DELETE ON call_cadence BEGIN
        DELETE FROM call_due WHERE contact_id = old.contact_id;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE id = old.contact_id AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        END;
        DELETE FROM call_due;
        INSERT INTO call_due (contact_id, last_call_at, due_day)
            SELECT c.id, c.last_call_at,
                CAST(julianday(max(
                    CASE WHEN typeof(coalesce(c.last_call_at, c.created_at)) = 'text' AND length(coalesce(c.last_call_at, c.created_at)) >= 19 AND substr(coalesce(c.last_call_at, c.created_at), 11, 1) IN ('T', ' ')
                        THEN date(coalesce(c.last_call_at, c.created_at)) END,
                    coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
            FROM (SELECT id, created_at, stay_in_touch_days,
                      (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                  FROM contacts WHERE 1 AND stay_in_touch_days > 0) c
                LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
        """
}
