import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../../core/locale";
import { contentSlugs, getPage, getPost, listPosts, renderMarkdown } from "./content.server";

const { pages, posts } = contentSlugs();

describe("info pages (data/pages)", () => {
  it("include every info page of the footer", () => {
    for (const slug of [
      "about",
      "download",
      "license",
      "epsl",
      "terms",
      "privacy",
      "softwear",
      "security",
      "donate",
      "brand",
      "roadmap",
    ]) {
      expect(pages).toContain(slug);
    }
  });

  it.each(pages)("%s exists in every language with valid front matter and a body", (slug) => {
    for (const locale of SUPPORTED_LOCALES) {
      const page = getPage(slug, locale);
      expect(page, `${slug}.${locale}.md`).not.toBeNull();
      expect(page?.html).toMatch(/<p>/u);
    }
    // Same structure in both languages: as many sections.
    const sections = (html: string | undefined) => (html?.match(/<h2>/gu) ?? []).length;
    expect(sections(getPage(slug, "tr")?.html)).toBe(sections(getPage(slug, "en")?.html));
  });

  it("says the licence page was last updated in August 2025 (SPEC §9)", () => {
    expect(getPage("license", "en")?.meta.updated).toMatch(/^2025-08-/u);
    expect(getPage("license", "tr")?.meta.updated).toMatch(/^2025-08-/u);
  });

  it("answers null for a page that does not exist", () => {
    expect(getPage("nope", "en")).toBeNull();
  });
});

describe("blog posts (data/blog)", () => {
  it("has at least three posts", () => {
    expect(posts.length).toBeGreaterThanOrEqual(3);
  });

  it.each(posts)("%s exists in every language with the same date, tags and category", (slug) => {
    const en = getPost(slug, "en");
    const tr = getPost(slug, "tr");
    expect(en).not.toBeNull();
    expect(tr).not.toBeNull();
    expect(tr?.meta.date).toBe(en?.meta.date);
    expect(tr?.meta.tags).toEqual(en?.meta.tags);
    expect(tr?.meta.category).toBe(en?.meta.category);
    expect(en?.minutes).toBeGreaterThanOrEqual(1);
  });

  it("lists the posts newest first", () => {
    const dates = listPosts("en").map((post) => post.meta.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      listPosts("tr")
        .map((post) => post.slug)
        .sort(),
    ).toEqual(
      listPosts("en")
        .map((post) => post.slug)
        .sort(),
    );
  });
});

describe("renderMarkdown", () => {
  it("escapes raw HTML and renders GFM tables", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).not.toContain("<script>");
    expect(renderMarkdown("| a | b |\n| --- | --- |\n| 1 | 2 |")).toContain("<table>");
  });

  it("drops javascript: links", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain("javascript:");
  });
});
