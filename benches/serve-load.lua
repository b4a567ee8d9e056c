-- wrk script for benches/serve-load.sh: every request the next of a fixed mix of search pages
-- (Hebrew, Greek, English, citations) and node pages, so that each run asks the same things.
local paths = {
  "/search?q=insufficient%20bid",
  "/search?q=lead%20out%20of%20turn",
  "/search?q=revoke",
  "/search?q=claim",
  "/search?q=%D7%94%D7%95%D7%91%D7%9C%D7%94%20%D7%A9%D7%9C%D7%90%20%D7%91%D7%AA%D7%95%D7%A8",
  "/search?q=%D7%94%D7%9B%D7%A8%D7%96%D7%94%20%D7%9C%D7%90%20%D7%9E%D7%A1%D7%A4%D7%A7%D7%AA",
  "/search?q=%D7%A7%D7%9C%D7%A3%20%D7%A2%D7%95%D7%93%D7%A3",
  "/search?q=%CE%B1%CE%BD%CE%B5%CF%80%CE%B1%CF%81%CE%BA%CE%B7%CF%82%20%CE%B1%CE%B3%CE%BF%CF%81%CE%B1",
  "/search?q=%CE%B1%CE%BD%CF%84%CE%AF%CF%80%CE%B1%CE%BB%CE%BF%CF%82",
  "/search?q=27B1%28a%29",
  "/search?q=%D7%97%D7%95%D7%A7%2040%D7%911%28%D7%91%29",
  "/law/27B1(a)",
  "/law/40B1",
  "/law/12C1(e)(ii)",
  "/law/64",
  "/law/def/dummy",
  "/law/16B1(a)",
  "/law/74C7",
  "/law/93",
  "/law/45C4(b)?view=he",
  "/law/20F5?view=he",
  "/api/search?q=revoke&limit=10",
  "/api/show/27B1"
}

local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end

-- wrk counts an answer of 400 or above under errors.status and socket failures under the
-- others: all must be 0.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "requests %d in %.1f s: %.0f/s; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("errors: connect %d, read %d, write %d, timeout %d, status %d\n",
    e.connect, e.read, e.write, e.timeout, e.status))
end
