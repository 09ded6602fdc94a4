-- Guest guide reports for bench/ingest.ts: four section beacons (a language, four sections, three items:
-- eight events) for each visit report (with its language, decision 045), every request a new session. Since
-- 045 a beacon's language is read but not written (the visit's is): the request mix is decision 033's.
-- RATE (requests per second, for the whole run) holds a steady rate whatever the latency, as long as there
-- are connections to spare: each request waits for the next slot of one schedule. Without RATE, DELAY_MS
-- spaces a connection's requests.
-- EVERY=n mixes them into guide reads instead: GET /g/PROPERTY, with the next report as every n-th request
-- (EVERY=-1: reads only), so one load tool drives both on the same connections.
local property = os.getenv("PROPERTY")
local delay_ms = tonumber(os.getenv("DELAY_MS") or "0")
local rate = tonumber(os.getenv("RATE") or "0")
local every = tonumber(os.getenv("EVERY") or "0")
local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_usec; } bench_timeval;
  int gettimeofday(bench_timeval *tv, void *tz);
]])
local tv = ffi.new("bench_timeval")
local function now_ms()
  ffi.C.gettimeofday(tv, nil)
  return tonumber(tv.tv_sec) * 1000 + tonumber(tv.tv_usec) / 1000
end
local slot = nil
local n = 0
local reports = 0
math.randomseed(os.time())

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["User-Agent"] =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
-- BOT=1: the same requests from a crawler, which the server parses, validates and rate-limits, then ignores.
if os.getenv("BOT") == "1" then
  wrk.headers["User-Agent"] = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
end

-- ITEM: one of the guide's own items, first, so the host's report counts the beacons written (bench/ingest.ts).
local item = os.getenv("ITEM") or "0b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
local items = '["' .. item .. '","1b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b","2b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"]'

local function report()
  reports = reports + 1
  local session = string.format("%08x%08x%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), reports)
  if reports % 5 == 0 then
    return wrk.format("POST", "/api/guide/visits", nil,
      '{"propertyId":"' .. property .. '","trackingSessionId":"' .. session .. '","language":"fr"}')
  end
  return wrk.format("POST", "/api/guide/engagement", nil,
    '{"propertyId":"' .. property .. '","trackingSessionId":"' .. session ..
    '","language":"fr","sections":["arrival","wifi-and-tech","house-rules","check-out"],"items":' .. items .. '}')
end

local read_headers = nil
function request()
  n = n + 1
  if every == 0 or (every > 0 and n % every == 0) then return report() end
  -- A guest's read: the same user agent, no JSON content type.
  read_headers = read_headers or { Host = wrk.headers["Host"], ["User-Agent"] = wrk.headers["User-Agent"] }
  return wrk.format("GET", "/g/" .. property, read_headers)
end

function delay()
  if rate <= 0 then return delay_ms end
  local now = now_ms()
  slot = math.max((slot or now) + 1000 / rate, now)
  return math.floor(slot - now)
end
