/// The journal's tables, as numbered migrations (see `Migrator`).
///
/// Times are Unix milliseconds (UTC). Each check-in also keeps the time zone in force when it was
/// made and its local day there, so streaks and calendars stay right after travel or a DST change.
public enum JournalSchema {
    /// `PRAGMA application_id`: "alln". A database with another id belongs to another program.
    public static let applicationID: Int32 = 0x616C_6C6E

    public static var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    public static let migrations: [Migration] = [
        Migration(version: 1, name: "check-ins and consent", sql: """
            PRAGMA application_id = \(applicationID);
            CREATE TABLE check_ins (
                id                 INTEGER PRIMARY KEY,
                started_at         INTEGER NOT NULL,
                completed_at       INTEGER,
                time_zone          TEXT NOT NULL,
                local_day          TEXT NOT NULL
                                   CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                route_kind         TEXT NOT NULL CHECK (route_kind IN ('audio', 'safety_handoff')),
                crisis_tier        INTEGER CHECK (crisis_tier BETWEEN 1 AND 3),
                emotion            TEXT,
                custom_emotion     TEXT,
                situation          TEXT,
                trigger_text       TEXT,
                intensity          INTEGER CHECK (intensity BETWEEN 1 AND 10),
                body               TEXT CHECK (body IS NULL OR json_valid(body)),
                intent             TEXT,
                clarity_sub_tap    TEXT,
                confidence_sub_tap TEXT,
                embody_new         TEXT,
                consent            INTEGER CHECK (consent IN (0, 1)),
                belief             TEXT,
                custom_belief      TEXT,
                pattern            TEXT,
                origin             TEXT,
                kinder             TEXT,
                lane               TEXT CHECK (lane IN ('soothe', 'clarity', 'embody', 'unblock')),
                intent_lane        TEXT CHECK (intent_lane IN ('soothe', 'clarity', 'embody', 'unblock')),
                valence            TEXT CHECK (valence IN ('pleasant', 'unpleasant', 'neutral')),
                soothe_first       INTEGER NOT NULL DEFAULT 0 CHECK (soothe_first IN (0, 1)),
                session_slug       TEXT,
                session_title      TEXT,
                route_json         TEXT CHECK (route_json IS NULL OR json_valid(route_json)),
                mood_before        INTEGER CHECK (mood_before BETWEEN 1 AND 10),
                mood_after         INTEGER CHECK (mood_after BETWEEN 1 AND 10),
                note               TEXT,
                CHECK (completed_at IS NULL OR completed_at >= started_at),
                -- Privacy: a crisis handoff keeps its tier and its time, never the words that led to
                -- it (nor the trace, which quotes them), nor any answer, mood or note.
                CHECK (route_kind = 'audio' OR (
                    crisis_tier IS NOT NULL AND completed_at IS NOT NULL
                    AND emotion IS NULL AND custom_emotion IS NULL AND situation IS NULL
                    AND trigger_text IS NULL AND intensity IS NULL AND body IS NULL AND intent IS NULL
                    AND clarity_sub_tap IS NULL AND confidence_sub_tap IS NULL AND embody_new IS NULL
                    AND consent IS NULL AND belief IS NULL AND custom_belief IS NULL AND pattern IS NULL
                    AND origin IS NULL AND kinder IS NULL AND lane IS NULL AND intent_lane IS NULL
                    AND valence IS NULL AND session_slug IS NULL AND session_title IS NULL
                    AND route_json IS NULL AND mood_before IS NULL AND mood_after IS NULL AND note IS NULL)),
                CHECK (route_kind = 'safety_handoff' OR crisis_tier IS NULL)
            );
            CREATE TABLE consents (
                id           INTEGER PRIMARY KEY,
                scope        TEXT NOT NULL DEFAULT 'exploreBelief',
                granted_at   INTEGER NOT NULL,
                revoked_at   INTEGER CHECK (revoked_at IS NULL OR revoked_at >= granted_at),
                check_in_id  INTEGER REFERENCES check_ins(id) ON DELETE SET NULL
            );
            """),
        Migration(version: 2, name: "full-text search over notes and reframes", sql: """
            CREATE VIRTUAL TABLE journal_search USING fts5(
                kinder, note, content = 'check_ins', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER check_ins_search_insert AFTER INSERT ON check_ins BEGIN
                INSERT INTO journal_search (rowid, kinder, note) VALUES (new.id, new.kinder, new.note);
            END;
            CREATE TRIGGER check_ins_search_delete AFTER DELETE ON check_ins BEGIN
                INSERT INTO journal_search (journal_search, rowid, kinder, note)
                    VALUES ('delete', old.id, old.kinder, old.note);
            END;
            CREATE TRIGGER check_ins_search_update AFTER UPDATE OF kinder, note ON check_ins BEGIN
                INSERT INTO journal_search (journal_search, rowid, kinder, note)
                    VALUES ('delete', old.id, old.kinder, old.note);
                INSERT INTO journal_search (rowid, kinder, note) VALUES (new.id, new.kinder, new.note);
            END;
            INSERT INTO journal_search (journal_search) VALUES ('rebuild');
            """),
        Migration(version: 3, name: "indexes for the journal's queries", sql: """
            CREATE INDEX check_ins_by_day ON check_ins (local_day);
            CREATE INDEX check_ins_by_start ON check_ins (started_at);
            CREATE INDEX consents_by_check_in ON consents (check_in_id);
            """),
        // What happened to the session: how it ended, seconds heard as audio and read along, its length.
        // A handoff has no session, so these stay NULL for it (the privacy rule above).
        Migration(version: 4, name: "what happened to the session", sql: """
            ALTER TABLE check_ins ADD COLUMN play_outcome TEXT
                CHECK (play_outcome IN ('finished', 'stopped_early', 'not_played'));
            ALTER TABLE check_ins ADD COLUMN audio_seconds REAL CHECK (audio_seconds >= 0);
            ALTER TABLE check_ins ADD COLUMN read_along_seconds REAL CHECK (read_along_seconds >= 0);
            ALTER TABLE check_ins ADD COLUMN session_seconds REAL CHECK (session_seconds >= 0);
            """),
        // Support opened because the person asked for it ("help" typed, or the support key during a
        // check-in) is kept as a handoff with no crisis tier. Version 1's checks ask every handoff for
        // a tier from 1 to 3 and SQLite can't change a check in place, so such a row stores tier 1
        // with this flag set, and is read back as no tier.
        Migration(version: 5, name: "support opened when asked", sql: """
            ALTER TABLE check_ins ADD COLUMN support_asked INTEGER NOT NULL DEFAULT 0
                CHECK (support_asked IN (0, 1));
            """),
        // One entry per check-in: a check-in that opened crisis support and then went on to its
        // session (or opened support from its reflection) is its audio row, marked with the support's
        // tier (0: support opened when asked); the handoff row written when support opened is merged
        // into it.
        Migration(version: 6, name: "support opened during a check-in that went on", sql: """
            ALTER TABLE check_ins ADD COLUMN support_tier INTEGER
                CHECK (support_tier IS NULL OR support_tier BETWEEN 0 AND 3);
            """),
        // The person's safety plan: one row per written part, in their words.
        Migration(version: 7, name: "the safety plan", sql: """
            CREATE TABLE safety_plan (
                part        TEXT PRIMARY KEY CHECK (part IN ('warning_signs', 'coping_alone', 'distractions', 'helpers', 'professionals', 'safer_surroundings', 'reasons')),
                text        TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
                updated_at  INTEGER NOT NULL
            );
            """),
        // The beliefs plan: the intake as the person wrote it, ten steps, and what happened at each.
        Migration(version: 8, name: "the beliefs plan", sql: """
            CREATE TABLE plans (
                id           INTEGER PRIMARY KEY,
                created_at   INTEGER NOT NULL,
                active       INTEGER NOT NULL CHECK (active IN (0, 1)),
                intake_json  TEXT NOT NULL CHECK (json_valid(intake_json))
            );
            CREATE UNIQUE INDEX plans_one_active ON plans (active) WHERE active = 1;
            CREATE TABLE plan_steps (
                plan_id       INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
                step_index    INTEGER NOT NULL CHECK (step_index BETWEEN 1 AND 10),
                area          TEXT NOT NULL,
                step_type     TEXT NOT NULL CHECK (step_type IN ('reset', 'rewire')),
                slug          TEXT NOT NULL,
                fallback      TEXT CHECK (fallback IS NULL OR fallback IN ('clusterMapped', 'nonSituational', 'final')),
                played_at     INTEGER,
                mood_before   INTEGER CHECK (mood_before BETWEEN 1 AND 10),
                mood_after    INTEGER CHECK (mood_after BETWEEN 1 AND 10),
                note          TEXT CHECK (note IS NULL OR length(note) <= 2000),
                reflected_at  INTEGER,
                PRIMARY KEY (plan_id, step_index)
            );
            """),
        // Sessions marked in the audio library.
        Migration(version: 9, name: "favourite sessions", sql: """
            CREATE TABLE favourites (
                slug      TEXT PRIMARY KEY CHECK (length(slug) BETWEEN 1 AND 200),
                added_at  INTEGER NOT NULL
            );
            """),
    ]
}
