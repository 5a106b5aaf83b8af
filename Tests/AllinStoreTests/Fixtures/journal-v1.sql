-- A journal as schema version 1 wrote it (frozen: never edit). Used to test migrating an older
-- journal: two completed check-ins, one in progress, one handoff, and a consent record.
BEGIN;
PRAGMA application_id = 1634495598;
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

INSERT INTO check_ins (id, started_at, completed_at, time_zone, local_day, route_kind, emotion, situation,
    trigger_text, intensity, body, intent, consent, belief, pattern, origin, kinder, lane, intent_lane, valence,
    soothe_first, session_slug, session_title, route_json, mood_before, mood_after, note)
VALUES
    (1, 1714550400000, 1714551000000, 'Europe/London', '2024-05-01', 'audio', 'anxious', 'work',
     'the quarterly review', 6, '["chest"]', 'unblock', 1, 'not_good_enough', 'I always over-prepare',
     'school reports', 'I am learning, not failing', 'unblock', 'unblock', 'unpleasant', 0,
     'rewire-enough', 'Enough as you are', '{"kind":"audio","lane":"unblock","trace":[]}', 3, 6,
     'Felt lighter after the walk'),
    (2, 1714640400000, 1714641000000, 'Europe/London', '2024-05-02', 'audio', 'tired', NULL,
     NULL, 4, '[]', 'soothe', NULL, NULL, NULL, NULL, NULL, 'soothe', 'soothe', 'unpleasant', 0,
     'soothe-breath', 'Breathing space', '{"kind":"audio","lane":"soothe","trace":[]}', 4, 5, 'café was calm'),
    (3, 1714726800000, NULL, 'Europe/London', '2024-05-03', 'audio', 'sad', NULL,
     NULL, 5, '[]', 'soothe', NULL, NULL, NULL, NULL, NULL, 'soothe', 'soothe', 'unpleasant', 0,
     'soothe-breath', 'Breathing space', '{"kind":"audio","lane":"soothe","trace":[]}', 2, NULL, NULL);
INSERT INTO check_ins (id, started_at, completed_at, time_zone, local_day, route_kind, crisis_tier)
VALUES (4, 1714813200000, 1714813200000, 'Europe/London', '2024-05-04', 'safety_handoff', 2);
INSERT INTO consents (id, scope, granted_at, revoked_at, check_in_id) VALUES (1, 'exploreBelief', 1714550500000, NULL, 1);
PRAGMA user_version = 1;
COMMIT;
