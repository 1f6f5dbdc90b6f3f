-- Append a command's events to a game's stream, atomically and conditionally.
-- KEYS[1] log stream, KEYS[2] meta hash, KEYS[3] idempotency hash (one hash tag).
-- ARGV[1] expected last seq, ARGV[2] command id ('' for none),
-- ARGV[3] status summary (JSON, kept in meta for the lobby), ARGV[4..] envelopes (JSON).
-- Returns {'dup', 'first:last'} for a command id seen before (nothing appended),
-- {'conflict', last} when the log moved on, {'ok', 'first:last'} otherwise.
if ARGV[2] ~= '' then
  local seen = redis.call('HGET', KEYS[3], ARGV[2])
  if seen then return {'dup', seen} end
end
local last = tonumber(redis.call('HGET', KEYS[2], 'seq') or '0')
if last ~= tonumber(ARGV[1]) then return {'conflict', tostring(last)} end
local n = #ARGV - 3
for i = 1, n do
  -- The stream id is the seq itself, so XRANGE by seq needs no index.
  redis.call('XADD', KEYS[1], (last + i) .. '-0', 'e', ARGV[3 + i])
end
local range = (last + 1) .. ':' .. (last + n)
redis.call('HSET', KEYS[2], 'seq', last + n, 'status', ARGV[3])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], range) end
return {'ok', range}
