/**
 * The content guide's chapters that are prose, the same whatever the schemas say: the introduction,
 * the words the editor uses, scheduling, the Leads
 * screen, undoing a change, and pictures (its sizes read from the image placements). scripts/generate/guide.ts puts them before the kinds and section types it
 * generates from the schemas.
 */
import { focusPoints, neededWidth, placements, type Placement } from "../../schemas/index.ts";
import { limits } from "../content/images/images.ts";

export const intro = `# Content guide

_Generated from the schemas in \`schemas/\` by \`npm run content:guide\`. Do not edit by hand._

Everything the site says lives in \`content/\`: YAML files (settings, pages, lists of things) and
Markdown files (legal text). This guide lists every kind of file, every section a page can have and
every field, with what to write.

## How to change the site

1. **Edit** the file in \`content/\` (on GitHub: open the file, press the pencil icon). YAML is
   \`name: value\` lines; indentation (two spaces) shows what belongs together; a list item starts
   with \`- \`. Put text containing \`: \` or starting with a symbol in quotes.
2. **Preview** (optional): \`npm run dev\` shows the site at http://localhost:5173 and updates as you
   save. A mistake shows in a panel over the page with its file, line and what to write instead;
   the one to fix first is on top.
3. **Check**: \`npm run content:check\` lists every problem, each with the file, line, field and a
   suggestion. Nothing is published while a problem remains.
4. **Open a pull request.** The checks run on it; a problem is marked on the line you changed.
   When they pass and a colleague approves, merging publishes the change.

Good to know:

- **Drafts**: add \`draft: true\` to a page, a section or an entry of a collection to keep it off the
  live site while you work on it; it still shows in the preview, marked "Draft: not on the live
  site". Published content may not link to or refer to a draft.
- **Placeholders** in Markdown text: \`{{company}}\`, \`{{phone}}\`, \`{{phone.e164}}\`, \`{{email}}\`,
  \`{{address}}\`, \`{{hours}}\` are replaced by the values in \`content/site.yaml\`, the only place
  they are written. In a button or link, \`to: phone\` calls the toll-free number and \`to: email\`
  writes to the support address.
- **Markdown** fields take \`**bold**\`, \`_italic_\`, \`[a link](/contact)\` and lists. HTML is not
  allowed. A page's main heading is its title, so headings inside text start at \`## \`. A mark that
  is not closed (\`**bold\` without the second \`**\`) is reported, since it would show as typed.
- **Text over several lines, or several paragraphs**: write \`|\` after the field name and the text on
  the lines below, indented; a blank line starts a new paragraph. The text is kept exactly as you see
  it. (\`>\` joins the lines and turns one blank line into none, so the check refuses \`>\` with
  paragraphs in it.)

  \`\`\`yaml
  body: |
    First paragraph, as long as you like,
    over as many lines as you like.

    Second paragraph.
  \`\`\`
- **Plain-text fields** (headings, titles, labels) are shown exactly as written: HTML such as
  \`<br>\` or Markdown such as \`**\` would show as typed, so the check refuses them.
- **Links** (\`to:\` and Markdown links) may go to a page (\`/contact\`), a section of this page
  (\`#pricing\`, the section's \`anchor\`), a section of another page (\`/#pricing\`), a full
  \`https://\` address, \`phone\` or \`email\`. Routes and anchors are checked.
- **The phone number** is written twice in \`content/site.yaml\`: as shown (\`display\`, the way
  visitors read it: \`1-800-555-0142\`, \`(800) 555-0142\`, keypad letters such as \`1-800-FIX-PCS1\`)
  and as dialled (\`e164\`: \`+\`, the country code, then the digits with no spaces, \`"+18005550142"\`).
  The number dialled must be a number that can be called: the right number of digits for its
  country and an area code and exchange that exist (a number a digit short, or \`+1 800 123 4567\`,
  is refused, saying how many digits the country's numbers have). The number shown must be the same
  number, read in that country. Change both together; the check says what to write.
- **Visitors' phone numbers** on the forms must also be numbers that can be called. A visitor may
  write a number of the site's country as people there do (\`(201) 555-0123\`); that country is
  the one of the address in \`content/site.yaml\` (\`contact.address.country\`). A number of
  another country is written with \`+\` and its country code.
- **Pictures** go in \`content/images/\`; a photo straight from a phone is fine. Every picture needs
  \`alt\` text. See [Pictures](#pictures).
- **References**: sections name collection entries by their \`id\` and forms by their file name. A
  misspelt id is reported with the ids that exist. An entry that no page shows is reported as a
  **warning** (it does not stop publishing), with the sections where it could be listed.
- **Renaming a page, a guide or a case study**: a published address must keep working. When you
  change a page's \`route\`, or rename a guide's file (its file name is its address), add its old
  address to \`content/redirects.yaml\` (\`from: /old-address\`, \`to: /new-address\`), so links and
  search results that use the old address keep working. You do not have to remember: the check
  compares the site's addresses with those of \`main\` and, when one would be lost, names the exact
  lines to add. It also makes sure every redirect leads straight to a published page.
- **Feeds and sharing**: each kind with pages (guides, case studies) has feeds readers can follow
  (\`/guides/rss.xml\`, \`/guides/atom.xml\`, \`/guides/feed.json\`: the 20 newest, never a draft, an
  unlisted or a scheduled one), and each entry gets a picture for social networks, made from its
  title with the logo, unless you choose one (\`shareImage\`).
`;

/** What to put where: how large a photo each place needs, alt text, the focus of a cut picture. */
export function pictures(): string {
  const rows = (Object.values(placements) as Placement[]).map(
    (p) => `| ${p.label} | ${neededWidth(p).toLocaleString("en-US")} px${p.aspect ? " on its shorter side" : ""} |`,
  );
  const named = Object.keys(focusPoints)
    .map((name) => `\`${name}\``)
    .join(", ");
  return `## Pictures

Put picture files in \`content/images/\` (folders are fine, e.g. \`images/team/\`) and write their path
where they are shown, with alt text:

\`\`\`yaml
image:
  src: images/office.jpg
  alt: Two technicians at their desks, helping customers on the phone
\`\`\`

- **Any photo straight from a phone or a camera is fine** (JPEG, PNG, WebP, AVIF or GIF): the build
  turns it the right way up, removes what the camera recorded (date, phone model, GPS position) and
  makes small versions for each screen size, so visitors download only what their screen shows.
  Keep the original: there is no need to make it smaller first.
- **Not HEIC** (the iPhone's own format; the check says so): export it as JPEG first. On a Mac, open
  it in Preview and choose File > Export, Format: JPEG; on Windows, open it in Photos and choose Save
  as. On the iPhone, Settings > Camera > Formats > Most Compatible takes JPEG photos from then on.
- **Drawings, icons and logos** are best as SVG: sharp at any size. An SVG must not contain code
  (scripts, \`on...=\` attributes, \`javascript:\` links); the check refuses one that does.
- **Large enough**: a photo smaller than its place needs would look blurry on phones and other
  high-density screens, so the check refuses it and says what size to use. What each place needs:

| where it shows | a photo needs at least |
|---|---|
${rows.join("\n")}

- **Not enormous**: at most ${limits.megapixels} megapixels and ${limits.bytes / 1024 / 1024} MB per file (a phone photo is about 12
  megapixels and 2 to 5 MB).
- **Alt text** (\`alt\`) says what the picture shows, for people who cannot see it (screen readers read
  it aloud) and when it does not load: "Maria at the help desk, wearing a headset", not "photo" or
  the file name. Say what matters for the page in a sentence; no need for "picture of".
- **Focus**: a team photo is cut to a square and shown in a circle. \`focus\` says which part stays in
  view, one of
  ${named},
  or a point in percent from the top left corner, \`{ x: 50, y: 30 }\` (half-way across, 30% down).
  Without it the middle stays; if the top of a head is cut off, write \`focus: top\`.

\`\`\`yaml
photo:
  src: images/team/maria.jpg
  alt: Maria Lopez, smiling, in front of a bookshelf
  focus: top
\`\`\`
`;
}

/** The few technical words the editor and the check still use, in plain words (linked from the editor's messages). */
export const glossary = `## Words you will meet

- **Address** (of a page): what follows the site's name in the browser, e.g. \`/contact\`. A link to a
  page of this site is written as its address.
- **Anchor**: a name for one section of a page, so that a link can go straight to it: \`#pricing\`
  goes to the section whose anchor is \`pricing\` on the same page, \`/about#team\` on another page.
- **Markdown**: the way longer texts are written: \`**bold**\`, \`*italic*\`, \`[words](/contact)\` for
  a link, a blank line between paragraphs. The editor's text boxes write it for you.
- **Draft**: an entry or section marked \`draft: true\` is kept but not published.
- **Dialled number** (\`e164\`): the phone number as a phone dials it, with the country code and
  digits only, e.g. \`+18005550142\` (the international form, called E.164); the number shown may
  have spaces and dashes.
`;

export const scheduling = `## Scheduling

A page, a section or an entry of a collection (a question, a plan, a service, a team member, a
testimonial) can be shown from a set time, until a set time, or both, with nobody at a keyboard:

\`\`\`yaml
publishDate: 2026-11-27T00:00 # Show from: not shown before Friday 27 November, midnight
expiryDate: 2026-12-01T00:00 # Show until: not shown from Tuesday 1 December, midnight, on
\`\`\`

- **Times** are written year-month-day, \`T\`, hours:minutes (24-hour clock). Without a zone they are
  the site's time zone, \`timeZone\` in \`content/site.yaml\` (e.g. \`America/New_York\`); with one they
  say it themselves (\`2026-11-27T00:00-05:00\`). With neither, the check asks for one.
- **What is hidden is hidden everywhere**: a page outside its time is not built (its address answers
  "not found", it is not in the sitemap); a section is not shown; an entry is not shown in any
  section that lists it, and lists and counts leave it out. A section that lists only hidden entries
  is not shown.
- **Links**: a link in a menu or a button to a scheduled page is shown only while the page is (the
  check says so, naming both). A link in text to a page that is not shown yet is refused, with the
  date it is shown from: give the text the same "Show from" date.
- **The check** refuses a "Show until" that is not after "Show from", and warns of something that
  stopped showing more than 30 days ago (to remove). For a page with a "Show until", it says what its
  address does after: "not found", unless you then add a redirect.
- **When it happens**: the site is built again when a time passes (\`npm start\` does it itself; on static
  hosting the scheduled workflow does, within 15 minutes). \`npm run schedule\` lists what is coming.
  To see the site as it will be at a time, build it with that time: \`BUILD_TIME=2026-11-27T09:00-05:00 npm run build\`.
- **In the preview** (\`npm run dev\` and /admin/'s preview) what is scheduled is shown, marked in
  words in the site's time zone: "Scheduled: shows from Fri Nov 27, 00:00", "Ended: not shown since
  …", or "Shows until …" for what is shown now. To see the site at another time, add \`?at=\` to the
  preview's address (\`http://127.0.0.1:5173/?at=2026-11-27T00:00\`, a time in the site's zone), or
  pick the time in "Show the site as on" at the foot of /admin/'s preview: the preview then shows the
  site as it will look at that time, leaving out what is not shown then (lists and counts follow, and
  links in the menus and on buttons to a page not shown then go too).
  Clear the time ("Now") to see and edit everything again, marked.
- **A whole change at a set time** (a new plan, its page and the menu link to it, all at 9:00 on launch
  day): make the change in /admin/ and save it as usual. On the live site /admin/ saves each change as
  a pull request (its "Workflow" tab lists them), so the change waits there. On that pull request on
  GitHub, add the label \`publish at 2026-12-01 09:00\` (a time in the site's time zone), or write a
  comment whose line says \`publish at 2026-12-01 09:00\`. Have it approved as usual. The scheduled
  workflow merges it when that time has come (within 15 minutes), once it is approved and its checks
  are green, and the site is published as after any merge. Until then it says on the pull request,
  once, when it will be merged, or why it cannot be: not approved yet, a check failed, the time cannot
  be read. Only a comment from someone who may change the repository counts. Set \`timeZone\` in
  \`content/site.yaml\` before scheduling from /admin/: its "Show from" and "Show until" pickers write
  times without a zone.
`;

/** How marketing reads what the forms bring in: /admin/'s Leads screen (admin/screens/leads/). */
export const leadsScreen = `## Leads

What visitors send through the forms is on the **Leads** screen of the content editor: sign in at
\`/admin/\` as you do to edit, then choose **Leads** at the bottom right of the screen (its address is
\`/admin/#/page/leads\`). Anyone who may edit the site may see its leads; nobody else.

- **The list** shows the newest leads first, 25 at a time: **Older** and **Newer** move between pages.
  Search by a name, an e-mail address, a phone number (its digits, with or without spaces:
  \`201 555 0101\` finds \`(201) 555-0101\`) or words of a message; narrow it to one form, or to days (**From**, **To**), then
  press **Show leads**. The address keeps the search, so a bookmark or a link shows the same leads.
- **Held as spam**: a lead that looked like a robot's (a hidden box filled in, or sent faster than a
  person can) is kept but not delivered. They are left out of the list unless you choose "Only those
  held as spam" or "Show them too". Once a day, when some were held, the leads' e-mail address gets
  how many and a link to them (never what they said).
- **A lead** opens when you choose it: what was sent, under the form's labels; where it came from
  (the page, the first page of the visit, the site that sent the visitor, the campaign); and each
  delivery (e-mail, webhook): delivered, waiting, or why it failed and when it is tried again.
- **Not spam: deliver it** sends a held lead as if it had never been held, once, even if two people
  press it. **Mark as spam** holds a lead: deliveries not made yet are dropped.
- **Erase this person** (when someone asks to have their data deleted) removes every lead with that
  lead's e-mail address or phone number, from every form, and their deliveries. It asks first and
  cannot be undone; a note of who erased how many leads, and when, is kept, nothing about whom.
- **Export these leads (CSV)** saves the leads of the current search and filters as a file for a
  spreadsheet or a CRM, with the same columns as the server's own export.
- When something goes wrong the screen says what in words: signed out (sign in again), an account
  that may not edit the site, or the server not answering (leads sent meanwhile are kept).
- On your own machine, \`npm run cms\` shows the leads of the local lead store, with no sign-in.
`;

export const privacyChoices = `## Privacy choices and campaign pages

**Choosing the regime is the company's legal decision, not a marketing setting.** Ask whoever is
responsible for privacy law at the company which one applies before you change it. \`site.yaml\`'s
\`privacy.regime\` says how Google's tags (through Tag Manager, when a container is set) may use a
visit before the visitor chooses:

- **\`opt-out\`**, for a site for the United States: the tags may use the visit until the visitor
  opts out in **Your Privacy Choices** or their browser sends Global Privacy Control (GPC), which
  California, Colorado, Connecticut, Texas and other states require to be honoured as an opt-out of
  sale and sharing. An opt-out denies the advertising purposes (advertising cookies, data about the
  visitor for advertising, personalised ads); analytics stays.
- **\`opt-in\`**, for visitors in the EEA or the UK: nothing is allowed until the visitor accepts. A
  banner asks on their first page, with **Accept all** and **Reject all** side by side, the same
  size and colour (neither may be easier to choose than the other), and a button to the choices.
  Rejecting denies analytics too.

Either way the visitor's choice is kept in their browser and applied at once, on every page, and GPC
always denies the advertising purposes, whatever was chosen; the dialog then says so, in
\`privacy.choices.signalHonored\` ("Opt-out preference signal honored"). Every footer has the link
**Your Privacy Choices** (California's wording; keep it, or "Your California Privacy Choices") beside
the agency's blue toggle icon; it opens the dialog, and without JavaScript (when no tag ever loads)
the page in \`privacy.choices.page\`. All the words of the link, the dialog and the banner are in
\`privacy\` in \`site.yaml\`; what the choices do is said on the privacy page, in your words. Each
lead records the consent state it was sent under (**Consent for ads** and **Global Privacy
Control** on the Leads screen, \`ad_user_data\` and \`gpc\` in the export): a lead whose consent
for ads is not "granted" must not be uploaded to Google Ads or a CRM's ads audience.

**Campaign landing pages.** A page with \`landing: true\` is a page for an ad: its header shows the
logo and the phone number only, with no navigation, its footer the legal links
(\`footer.legalLinks\` in \`site.yaml\`), Your Privacy Choices and the disclaimer, and search
engines do not list it unless you set \`index: true\`. Give it a form of its own (a file in
\`content/forms/\`) whose \`success\` is its own thank-you page, a landing page too with
\`index: false\`; where the visitor came from (the ad's UTM tags and Google's click id) goes with
the lead as from any page. Every click on the phone number, on any page, is counted (\`click_to_call\`,
with where on the page it was).
`;

export const undoAChange = `## Undo a change

Every published version of every entry is kept, with who published it and when. The content editor
shows them in words, and any of them can be put back. Nothing is changed on the site until you
publish, as with any edit.

- **History**: open an entry (a plan, a page, the site settings…) and choose **History**. It lists
  the entry's published versions, newest first: the date (in the site's time zone), who made it, its
  note, and what changed, by the names the editor gives the fields: "Price: 49 → 59", "Features:
  added 'Remote backup'", "Questions: 'Is it safe?' moved to first". Long text shows the words that
  changed. Choose a version to see the page as it was then in the preview, marked with its date and
  author.
- **Restore this version** puts that version's values in the editor, as changes not yet published:
  the live site and the file are not touched. Look them over, then publish (or send them for review)
  as any edit; the check before saving applies. Newer versions stay in the history, so a restore can
  itself be undone. A version that today's rules no longer accept (a field since renamed or made
  required) says what no longer fits, and those fields are marked when you restore it.
- **What changes when you publish**: whenever the entry you are editing differs from the version on
  the live site (changes not saved yet, or saved for review and not published), a box at the bottom
  right of the editor, above **History**, lists them in the same words, without opening History
  (**Hide** folds the list away). It goes once there is nothing left to publish. While History is
  open, the list is at its top instead.
- **Recent changes**: choose **Recent changes** at the bottom right of the content editor (its
  address is \`/admin/#/page/changes\`) for the latest changes to the whole site, newest first: who,
  when, which entry (its name opens it) and what changed. Narrow it to one **Entry** or one
  **Person**, then press **Show changes**; **Show more changes** goes further back. An entry renamed
  since is followed under its new name.
- **Bring back**: an entry that was deleted shows in Recent changes with **Bring back**. It opens a
  new entry holding what the deleted one last said, under its old name, not yet published: publish it
  to put it back on the site (add it to the page that showed it, if it should show there again).
- On your own machine, \`npm run cms\` shows the history of your copy of the repository; the live
  editor reads it from GitHub with your sign-in. If GitHub refuses (signed out, no access, too many
  requests in an hour), the screen says so and when to try again.
`;

/** Guides and case studies: entries with a page of their own (the kinds with pages, schemas/kinds.ts `address`). */
export const entryPages = `## Guides and case studies

Help guides and case studies each have a page of their own, and are listed for you: nobody adds them
to a page by hand.

- **A new guide is a new file**, \`content/collections/guides/<id>.md\` (a case study:
  \`content/collections/case-studies/<id>.md\`): its fields between two \`---\` lines, then its text in
  Markdown. The file name is its address: \`printer-says-offline.md\` is shown at
  \`/guides/printer-says-offline\`. Renaming the file changes its address.
- **Its text**: start headings at \`##\` (the title is the page's main heading). Each heading gets a link
  of its own, and a guide with three \`##\` headings or more gets a table of contents at the top. Put
  pictures in \`content/images/entries/\` and show one with \`![what it shows](images/entries/picture.svg)\`:
  the words in brackets are read aloud to people who cannot see it, and are required.
- **Listed for you**: the newest first at \`/guides\` (ten a page: \`/guides/page/2\` and on), on a page for
  each of its tags (\`/guides/tags/<tag>\`) and for its author (\`/guides/authors/<id>\`). The author is a
  member of the team (\`content/collections/team/\`), the tags are entries of \`content/collections/tags/\`:
  both are checked, so a misspelt name is refused with what you may have meant. Entries that share a tag
  are shown as related at the end of each other's pages, with the call to action of
  \`entryPages.callToAction\` in \`content/site.yaml\` (the callback form and the phone number).
- **On any page**, the section \`entries\` shows the latest guides (or those with a tag).
- **Not ready?** \`draft: true\` keeps it off the site. \`publishDate\` and \`expiryDate\` work as for
  everything else (see Scheduling): before and after, the guide has no page and is on no list.
  \`unlisted: true\` builds its page but leaves it off every list and the sitemap, and asks search engines
  not to list it: share its address yourself.
`;
