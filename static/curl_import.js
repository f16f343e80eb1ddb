// Agent form, "Import from curl": the pasted command is read here, in the browser, so the key it holds goes
// only to the API key field (never to the server before the user tests or saves, never to extra headers).
(function () {
  "use strict";

  // Shell words: single and double quotes, backslash escapes, line continuations.
  function words(text) {
    const out = [];
    let word = null, quote = null;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote === "'") { if (c === "'") quote = null; else word += c; continue; }
      if (c === "\\") {
        const next = text[i + 1];
        i++;
        if (next === "\n" || next === undefined) continue;
        if (quote === '"' && !'"\\$`'.includes(next)) word = (word || "") + "\\";
        word = (word || "") + next;
        continue;
      }
      if (quote === '"') { if (c === '"') quote = null; else word += c; continue; }
      if (c === "'" || c === '"') { quote = c; word = word || ""; continue; }
      if (/\s/.test(c)) { if (word !== null) out.push(word); word = null; continue; }
      word = (word || "") + c;
    }
    if (word !== null) out.push(word);
    return out;
  }

  const DATA = ["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--json"];
  const IGNORED_WITH_VALUE = ["-o", "--output", "-m", "--max-time", "--connect-timeout", "-A", "--user-agent", "-w"];

  function parse(text) {
    const list = words(text.trim());
    if (list[0] === "curl") list.shift();
    const parsed = { url: "", headers: [], body: null, user: "" };
    for (let i = 0; i < list.length; i++) {
      const w = list[i];
      if (w === "-H" || w === "--header") {
        const raw = list[++i] || "", at = raw.indexOf(":");
        if (at > 0) parsed.headers.push([raw.slice(0, at).trim(), raw.slice(at + 1).trim()]);
      } else if (DATA.includes(w)) {
        parsed.body = (parsed.body || "") + (list[++i] || "");
      } else if (w === "-u" || w === "--user") {
        parsed.user = list[++i] || "";
      } else if (w === "--url") {
        parsed.url = list[++i] || "";
      } else if (w === "-X" || w === "--request" || IGNORED_WITH_VALUE.includes(w)) {
        i++;
      } else if (!w.startsWith("-") && !parsed.url) {
        parsed.url = w;
      }
    }
    return parsed;
  }

  const CREDENTIAL = /^(authorization|proxy-authorization)$|key|token|secret|auth/i;
  const SKIPPED = /^(content-type|accept|content-length|user-agent|host|accept-encoding|connection)$/i;
  const MESSAGE_KEYS = ["message", "prompt", "input", "query", "question", "text", "content", "msg", "q"];
  const MARK = "__TRUSTGATE_MESSAGE__";

  // The message's place in the body: the last user message of a messages list, else the first string under a
  // message-like key (searched breadth first), else the longest string.
  function markMessage(body) {
    if (Array.isArray(body.messages)) {
      for (let i = body.messages.length - 1; i >= 0; i--) {
        const m = body.messages[i];
        if (m && m.role === "user" && typeof m.content === "string") { m.content = MARK; return true; }
      }
    }
    const queue = [body];
    let longest = null;
    while (queue.length) {
      const node = queue.shift();
      if (!node || typeof node !== "object") continue;
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (typeof value === "string") {
          if (MESSAGE_KEYS.includes(key.toLowerCase())) { node[key] = MARK; return true; }
          if (!longest || value.length > longest.value.length) longest = { node: node, key: key, value: value };
        } else if (value && typeof value === "object") {
          queue.push(value);
        }
      }
    }
    if (longest) { longest.node[longest.key] = MARK; return true; }
    return false;
  }

  function protocolOf(url, body) {
    if (/^wss?:\/\//i.test(url)) return "websocket";
    if (body && body.jsonrpc && /^(message\/(send|stream)|SendMessage|SendStreamingMessage)$/.test(body.method || "")) return "a2a";
    const path = url.split("?")[0].replace(/\/+$/, "");
    if (body && Array.isArray(body.messages) && /\/chat\/completions$/.test(path)) return "openai";
    if (body && body.input !== undefined && /\/responses$/.test(path)) return "openai_responses";
    return "http_json";
  }

  function set(id, value) {
    const field = document.getElementById(id);
    if (!field || value === undefined || value === null) return false;
    field.value = value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }

  function fill(text) {
    const parsed = parse(text);
    if (!parsed.url) return "No URL found in the command: paste the whole curl command.";
    let body = null;
    if (parsed.body) {
      try { body = JSON.parse(parsed.body); } catch (e) { body = null; }
    }
    const protocol = protocolOf(parsed.url, body);
    const filled = ["protocol", "endpoint URL"];
    set("id_protocol", protocol);
    set("id_endpoint_url", parsed.url);
    const extra = [];
    for (const [name, value] of parsed.headers) {
      if (CREDENTIAL.test(name)) {
        set("id_auth_header_name", name);
        set("id_api_key", value.replace(/^bearer\s+/i, ""));
        filled.push("API key (from " + name + ")");
      } else if (!SKIPPED.test(name)) {
        extra.push(name + ": " + value);
      }
    }
    if (parsed.user) filled.push("not the -u user and password: put the key in the API key field");
    if (extra.length && set("id_extra_headers_text", extra.join("\n"))) filled.push("extra headers");
    if (body && typeof body === "object") {
      if (typeof body.model === "string" && set("id_model_name", body.model)) filled.push("model");
      if ((body.stream === true || body.method === "message/stream" || body.method === "SendStreamingMessage") && set("id_stream", "sse")) filled.push("streaming");
      if (protocol === "http_json" || protocol === "websocket") {
        const marked = markMessage(body);
        const template = JSON.stringify(body, null, 2).replace('"' + MARK + '"', "{{message}}");
        set("id_request_template", template);
        filled.push(marked ? "request template with {{message}}" : "request template (no message found: add {{message}})");
        const format = document.getElementById("request-format");
        if (format) format.open = true;
      }
    } else if (parsed.body && (protocol === "http_json" || protocol === "websocket")) {
      filled.push("not the body: it is not JSON");
    }
    return "Filled: " + filled.join(", ") + ". Run Test request to find the reply path.";
  }

  const button = document.getElementById("curl-import-button");
  if (!button) return;
  button.addEventListener("click", function () {
    const source = document.getElementById("curl-command");
    document.getElementById("curl-import-status").textContent = fill(source.value);
    source.value = "";  // the key is in the API key field now; the pasted command is not kept
  });
})();
