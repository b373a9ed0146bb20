/**
 * The content guide's first chapters for a marketer finding their way: which file holds what they
 * change, and what the content check says and checks. scripts/generate/guide.ts puts them after the
 * introduction.
 */
import { limits } from "../content/images/images.ts";

/** Which file holds what a marketer changes, and the editor's help with them. */
export const whereThingsAre = `## Where things are

| to change | edit |
|---|---|
| company name, logo, phone, e-mail, address, header and footer links, disclaimer, call button | \`content/site.yaml\` |
| a page and the order of its sections | \`content/pages/<page>.yaml\` |
| the privacy policy or the terms | \`content/pages/privacy.md\`, \`content/pages/terms.md\` (Markdown) |
| services, plans and prices, team, FAQ, testimonials: one file per entry | \`content/collections/<name>/<id>.yaml\` |
| the callback and subscribe forms | \`content/forms/<id>.yaml\` |
| old addresses that should lead to a page (after renaming a page's route) | \`content/redirects.yaml\` |
| pictures | \`content/images/\` (a photo straight from a phone is fine; alt text where it is used) |

- Each entry of a collection is its own file, and its file name is its id: the plan in
  \`content/collections/plans/starter.yaml\` is \`starter\`. Sections refer to entries by id
  (\`plans: [starter, professional]\`) and to forms by their file name (\`form: callback\`).
- Text fields called \`intro\`, \`body\`, \`answer\`, \`summary\`, \`bio\`, \`quote\`, \`text\` are Markdown.
- Opened in VS Code with the recommended YAML extension, every content file gets completion, the
  description of each field and a red line under mistakes as you type (the JSON Schemas in
  \`schemas/json/\`, made from the schemas by \`npm run content:schemas\`).
`;

/** What `npm run content:check` prints and what it checks, in one place. */
export const whatTheCheckSays = `## What the check says

\`npm run content:check\` checks every file and prints **every** problem in one go, each with the file,
line, column, field and what to write instead:

\`\`\`
content/collections/plans/plus.yaml:2:1  pirce                unknown field "pirce". Did you mean "price"? Allowed here: name, price, ...
content/pages/home.yaml:15:9         sections[1].plans[1]  unknown plan "enterprise". Known: "starter", "professional", "enterprice"

✖ 2 problems in 2 files. Nothing was written; fix the lines above and run again.
\`\`\`

A file that cannot be read (a YAML mistake, named by its cause: a tab, a text with \`: \` and no
quotes, Word's curly quotes) is listed first, and what merely follows from it (its placeholders, links
to its page, references to its entries) is not reported until it is fixed.

When there is a problem nothing is written: the site keeps its last good build.

What is checked: the shape of every file (unknown fields are errors, so a typo cannot vanish
silently), YAML syntax, that every referenced plan, service, question, team member, testimonial and
form exists, that routes are unique and every internal link lands on a page and every \`#anchor\` on
a section, that each picture exists, is a picture (not a renamed file, not cut off, not an iPhone
HEIC: the message says how to export a JPEG), is at most ${limits.megapixels} megapixels and ${limits.bytes / 1024 / 1024} MB, is large enough for
where it is shown, and for an SVG contains no code, that at most one plan is marked most popular, that the phone number is one that can be called (the right number of digits for its country, an area code that exists: libphonenumber-js, [decision 0026](decisions/0026-phone-numbers-that-can-be-called.md)) and is the number shown, that
Markdown contains no raw HTML, no unsafe link and no unclosed \`**\`/\`_\` or link without an address,
that plain-text fields contain no markup, that no \`>\` block hides a paragraph break, and that every
redirect leads straight to a published page (no chain, no loop, no page's own address redirected
away, no address listed twice):

\`\`\`
content/redirects.yaml:7:9  redirects[1].to  "/about-us" is itself redirected to "/about" (entry 1): point this one straight at "/about", so visitors arrive in one step
content/redirects.yaml:8:11  redirects[2].from  "/contact" is the address of a page on this site: a redirect from it would hide the page. Remove this redirect, or give the page another route first
\`\`\`
`;
