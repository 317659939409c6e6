// Populate the sidebar
//
// This is a script, and not included directly in the page, to control the total size of the book.
// The TOC contains an entry for each page, so if each page includes a copy of the TOC,
// the total size of the page becomes O(n**2).
class MDBookSidebarScrollbox extends HTMLElement {
    constructor() {
        super();
    }
    connectedCallback() {
        this.innerHTML = '<ol class="chapter"><li class="chapter-item expanded affix "><a href="introduction.html">Introduction</a></li><li class="chapter-item expanded affix "><li class="part-title">Playing</li><li class="chapter-item expanded "><a href="playing/index.html"><strong aria-hidden="true">1.</strong> Playing</a></li><li><ol class="section"><li class="chapter-item expanded "><a href="playing/triplex.html"><strong aria-hidden="true">1.1.</strong> Triplex and BlockPuzzle</a></li><li class="chapter-item expanded "><a href="playing/kakuro.html"><strong aria-hidden="true">1.2.</strong> Kakuro</a></li><li class="chapter-item expanded "><a href="playing/chessmemory.html"><strong aria-hidden="true">1.3.</strong> ChessMemory</a></li><li class="chapter-item expanded "><a href="playing/daily-puzzles.html"><strong aria-hidden="true">1.4.</strong> Daily puzzles</a></li><li class="chapter-item expanded "><a href="playing/accounts.html"><strong aria-hidden="true">1.5.</strong> Accounts</a></li><li class="chapter-item expanded "><a href="playing/accounts-and-tables.html"><strong aria-hidden="true">1.6.</strong> Accounts on the tables and first-solver claims</a></li><li class="chapter-item expanded "><a href="playing/paths.html"><strong aria-hidden="true">1.7.</strong> Solving paths</a></li><li class="chapter-item expanded "><a href="playing/chessmemory-daily.html"><strong aria-hidden="true">1.8.</strong> The daily ChessMemory</a></li><li class="chapter-item expanded "><a href="playing/progress.html"><strong aria-hidden="true">1.9.</strong> Progress on every device</a></li><li class="chapter-item expanded "><a href="playing/printing.html"><strong aria-hidden="true">1.10.</strong> Printing</a></li><li class="chapter-item expanded "><a href="playing/finishing-touches.html"><strong aria-hidden="true">1.11.</strong> Layout, aids, pause and result cards</a></li></ol></li><li class="chapter-item expanded "><li class="part-title">Running a server</li><li class="chapter-item expanded "><a href="running/index.html"><strong aria-hidden="true">2.</strong> Running a server</a></li><li><ol class="section"><li class="chapter-item expanded "><a href="running/install.html"><strong aria-hidden="true">2.1.</strong> Installing the package</a></li><li class="chapter-item expanded "><a href="running/configure.html"><strong aria-hidden="true">2.2.</strong> Configuring the server</a></li><li class="chapter-item expanded "><a href="running/limits.html"><strong aria-hidden="true">2.3.</strong> Limits and fair use</a></li><li class="chapter-item expanded "><a href="running/secrets.html"><strong aria-hidden="true">2.4.</strong> Secrets</a></li><li class="chapter-item expanded "><a href="running/tls-and-sockets.html"><strong aria-hidden="true">2.5.</strong> HTTPS, Unix sockets and socket activation</a></li><li class="chapter-item expanded "><a href="running/proxies.html"><strong aria-hidden="true">2.6.</strong> Behind nginx or Caddy</a></li><li class="chapter-item expanded "><a href="running/container.html"><strong aria-hidden="true">2.7.</strong> The container image</a></li><li class="chapter-item expanded "><a href="running/postgresql.html"><strong aria-hidden="true">2.8.</strong> PostgreSQL and several servers</a></li><li class="chapter-item expanded "><a href="running/backups.html"><strong aria-hidden="true">2.9.</strong> Backups</a></li><li class="chapter-item expanded "><a href="running/moderation.html"><strong aria-hidden="true">2.10.</strong> Moderation and review</a></li><li class="chapter-item expanded "><a href="running/trust.html"><strong aria-hidden="true">2.11.</strong> Solving paths and the trust model</a></li><li class="chapter-item expanded "><a href="running/logs-and-metrics.html"><strong aria-hidden="true">2.12.</strong> Logs and metrics</a></li><li class="chapter-item expanded "><a href="running/upgrades.html"><strong aria-hidden="true">2.13.</strong> Upgrades and removal</a></li></ol></li><li class="chapter-item expanded "><li class="part-title">Making puzzles and books</li><li class="chapter-item expanded "><a href="making/index.html"><strong aria-hidden="true">3.</strong> Making puzzles and books</a></li><li><ol class="section"><li class="chapter-item expanded "><a href="making/cli.html"><strong aria-hidden="true">3.1.</strong> The command line</a></li><li class="chapter-item expanded "><a href="making/triplex.html"><strong aria-hidden="true">3.2.</strong> Triplex</a></li><li class="chapter-item expanded "><a href="making/kakuro.html"><strong aria-hidden="true">3.3.</strong> Kakuro</a></li><li class="chapter-item expanded "><a href="making/chessmemory.html"><strong aria-hidden="true">3.4.</strong> ChessMemory</a></li><li class="chapter-item expanded "><a href="making/books.html"><strong aria-hidden="true">3.5.</strong> Puzzle books</a></li><li class="chapter-item expanded "><a href="making/packs.html"><strong aria-hidden="true">3.6.</strong> Web packs</a></li></ol></li><li class="chapter-item expanded "><li class="part-title">The census</li><li class="chapter-item expanded "><a href="census/index.html"><strong aria-hidden="true">4.</strong> The Triplex census</a></li><li><ol class="section"><li class="chapter-item expanded "><a href="census/cluster.html"><strong aria-hidden="true">4.1.</strong> Beyond one machine</a></li><li class="chapter-item expanded "><a href="census/piece-sets.html"><strong aria-hidden="true">4.2.</strong> BlockPuzzle and any piece set</a></li></ol></li><li class="chapter-item expanded "><li class="part-title">The API</li><li class="chapter-item expanded "><a href="api/index.html"><strong aria-hidden="true">5.</strong> The API</a></li><li><ol class="section"><li class="chapter-item expanded "><a href="api/reference.html"><strong aria-hidden="true">5.1.</strong> Reference</a></li></ol></li><li class="chapter-item expanded "><li class="part-title">Developing</li><li class="chapter-item expanded "><a href="developing/index.html"><strong aria-hidden="true">6.</strong> Developing</a></li><li><ol class="section"><li class="chapter-item expanded "><a href="developing/tests.html"><strong aria-hidden="true">6.1.</strong> Tests and tools</a></li><li class="chapter-item expanded "><a href="developing/games.html"><strong aria-hidden="true">6.2.</strong> One shape for every game crate</a></li><li class="chapter-item expanded "><a href="developing/data-flow.html"><strong aria-hidden="true">6.3.</strong> Data flow</a></li><li class="chapter-item expanded "><a href="developing/kakuro-logic.html"><strong aria-hidden="true">6.4.</strong> Kakuro&#39;s logic ladder and hints</a></li><li class="chapter-item expanded "><a href="developing/solving-paths.html"><strong aria-hidden="true">6.5.</strong> Solving paths inside</a></li><li class="chapter-item expanded "><a href="developing/books.html"><strong aria-hidden="true">6.6.</strong> Puzzle books inside</a></li><li class="chapter-item expanded "><a href="developing/server.html"><strong aria-hidden="true">6.7.</strong> The server inside</a></li><li class="chapter-item expanded "><a href="developing/web-client.html"><strong aria-hidden="true">6.8.</strong> The web client and its tests</a></li><li class="chapter-item expanded "><a href="developing/packaging.html"><strong aria-hidden="true">6.9.</strong> Packaging</a></li><li class="chapter-item expanded "><a href="developing/fuzzing.html"><strong aria-hidden="true">6.10.</strong> Fuzzing</a></li><li class="chapter-item expanded "><a href="developing/benchmarks.html"><strong aria-hidden="true">6.11.</strong> Benchmarks</a></li><li class="chapter-item expanded "><a href="developing/docs.html"><strong aria-hidden="true">6.12.</strong> The book itself</a></li></ol></li></ol>';
        // Set the current, active page, and reveal it if it's hidden
        let current_page = document.location.href.toString().split("#")[0].split("?")[0];
        if (current_page.endsWith("/")) {
            current_page += "index.html";
        }
        var links = Array.prototype.slice.call(this.querySelectorAll("a"));
        var l = links.length;
        for (var i = 0; i < l; ++i) {
            var link = links[i];
            var href = link.getAttribute("href");
            if (href && !href.startsWith("#") && !/^(?:[a-z+]+:)?\/\//.test(href)) {
                link.href = path_to_root + href;
            }
            // The "index" page is supposed to alias the first chapter in the book.
            if (link.href === current_page || (i === 0 && path_to_root === "" && current_page.endsWith("/index.html"))) {
                link.classList.add("active");
                var parent = link.parentElement;
                if (parent && parent.classList.contains("chapter-item")) {
                    parent.classList.add("expanded");
                }
                while (parent) {
                    if (parent.tagName === "LI" && parent.previousElementSibling) {
                        if (parent.previousElementSibling.classList.contains("chapter-item")) {
                            parent.previousElementSibling.classList.add("expanded");
                        }
                    }
                    parent = parent.parentElement;
                }
            }
        }
        // Track and set sidebar scroll position
        this.addEventListener('click', function(e) {
            if (e.target.tagName === 'A') {
                sessionStorage.setItem('sidebar-scroll', this.scrollTop);
            }
        }, { passive: true });
        var sidebarScrollTop = sessionStorage.getItem('sidebar-scroll');
        sessionStorage.removeItem('sidebar-scroll');
        if (sidebarScrollTop) {
            // preserve sidebar scroll position when navigating via links within sidebar
            this.scrollTop = sidebarScrollTop;
        } else {
            // scroll sidebar to current active section when navigating via "next/previous chapter" buttons
            var activeSection = document.querySelector('#sidebar .active');
            if (activeSection) {
                activeSection.scrollIntoView({ block: 'center' });
            }
        }
        // Toggle buttons
        var sidebarAnchorToggles = document.querySelectorAll('#sidebar a.toggle');
        function toggleSection(ev) {
            ev.currentTarget.parentElement.classList.toggle('expanded');
        }
        Array.from(sidebarAnchorToggles).forEach(function (el) {
            el.addEventListener('click', toggleSection);
        });
    }
}
window.customElements.define("mdbook-sidebar-scrollbox", MDBookSidebarScrollbox);
