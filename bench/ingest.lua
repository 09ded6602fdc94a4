-- Guest guide reports for bench/ingest.ts: four section beacons (a language, four sections, three items:
-- eight events) for each visit report, every request a new session. DELAY_MS spaces a connection's
-- requests, so a few connections send at a steady rate.
local property = os.getenv("PROPERTY")
local delay_ms = tonumber(os.getenv("DELAY_MS") or "0")
local n = 0
math.randomseed(os.time())

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["User-Agent"] =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"

local items = '["0b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b","1b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b","2b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"]'

function request()
  n = n + 1
  local session = string.format("%08x%08x%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), n)
  if n % 5 == 0 then
    return wrk.format(nil, "/api/guide/visits", nil,
      '{"propertyId":"' .. property .. '","trackingSessionId":"' .. session .. '"}')
  end
  return wrk.format(nil, "/api/guide/engagement", nil,
    '{"propertyId":"' .. property .. '","trackingSessionId":"' .. session ..
    '","language":"fr","sections":["arrival","wifi-and-tech","house-rules","check-out"],"items":' .. items .. '}')
end

function delay()
  return delay_ms
end
