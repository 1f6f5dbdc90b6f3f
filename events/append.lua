-- Append a command's events to a game's stream, atomically and conditionally.
-- KEYS[1] log stream, KEYS[2] meta hash, KEYS[3] idempotency hash (one hash tag).
-- ARGV[1] expected last seq, ARGV[2] command id ('' for none), ARGV[3] the command's
-- fingerprint (kept with its id, so that an id reused for another command is told apart),
-- ARGV[4] status summary (JSON, kept in meta for the lobby), ARGV[5] '1' when these
-- events finish the game, ARGV[6..] envelopes (JSON).
-- Returns {'dup', 'first:last:fingerprint'} for a command id seen before (nothing
-- appended), {'conflict', last} when the log moved on, {'over', last} when the game is
-- finished, {'ok', 'first:last'} otherwise.
if ARGV[2] ~= '' then
  local seen = redis.call('HGET', KEYS[3], ARGV[2])
  if seen then return {'dup', seen} end
end
local meta = redis.call('HMGET', KEYS[2], 'seq', 'over')
local last = tonumber(meta[1] or '0')
if meta[2] == '1' then return {'over', tostring(last)} end
if last ~= tonumber(ARGV[1]) then return {'conflict', tostring(last)} end
local n = #ARGV - 5
for i = 1, n do
  -- The stream id is the seq itself, so XRANGE by seq needs no index.
  redis.call('XADD', KEYS[1], (last + i) .. '-0', 'e', ARGV[5 + i])
end
local range = (last + 1) .. ':' .. (last + n)
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[2], 'seq', last + n, 'status', ARGV[4], 'over', '1')
else
  redis.call('HSET', KEYS[2], 'seq', last + n, 'status', ARGV[4])
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], range .. ':' .. ARGV[3]) end
return {'ok', range}
