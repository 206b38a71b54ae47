import { describe, expect, it } from "vitest";
import {
  contentFileName,
  pageNumber,
  readingMinutes,
  relatedPosts,
  sortPosts,
  splitFrontMatter,
  topicSchema,
} from "./content";

describe("splitFrontMatter", () => {
  it("reads the YAML between the --- lines and keeps the body", () => {
    const { data, body } = splitFrontMatter("---\ntitle: Hello\ntags: [a, b]\n---\n\n# Body\n");
    expect(data).toEqual({ title: "Hello", tags: ["a", "b"] });
    expect(body.trim()).toBe("# Body");
  });

  it("handles Windows line ends and a byte order mark", () => {
    expect(splitFrontMatter("\uFEFF---\r\ntitle: X\r\n---\r\nText").data).toEqual({ title: "X" });
  });

  it("a file without front matter has no data", () => {
    expect(splitFrontMatter("Just text").data).toBeUndefined();
  });
});

describe("contentFileName", () => {
  it("splits slug and locale", () => {
    expect(contentFileName("../../data/blog/what-is-rdap.tr.md")).toEqual({ slug: "what-is-rdap", locale: "tr" });
    expect(contentFileName("data/pages/Bad_Name.en.md")).toBeNull();
    expect(contentFileName("data/pages/about.md")).toBeNull();
  });
});

describe("readingMinutes", () => {
  it("counts 200 words a minute, at least one", () => {
    expect(readingMinutes("word")).toBe(1);
    expect(readingMinutes(Array.from({ length: 401 }, () => "kelime").join(" "))).toBe(3);
    expect(readingMinutes("# ## --- | |")).toBe(1);
  });
});

const post = (slug: string, date: string, tags: string[], category = "guides") => ({
  slug,
  meta: { date, tags, category },
});

describe("sortPosts and relatedPosts", () => {
  it("sorts newest first, ties by slug", () => {
    const sorted = sortPosts([
      post("b", "2025-01-01", ["x"]),
      post("a", "2025-01-01", ["x"]),
      post("c", "2025-02-01", ["x"]),
    ]);
    expect(sorted.map((entry) => entry.slug)).toEqual(["c", "a", "b"]);
  });

  it("ranks by shared tags, then category, and leaves out unrelated posts", () => {
    const self = post("self", "2025-01-01", ["dns", "security"]);
    const all = [
      self,
      post("one-tag", "2025-03-01", ["dns"]),
      post("two-tags", "2025-01-02", ["dns", "security"]),
      post("category-only", "2025-04-01", ["other"]),
      post("nothing", "2025-05-01", ["other"], "news"),
    ];
    expect(relatedPosts(self, all).map((entry) => entry.slug)).toEqual(["two-tags", "one-tag", "category-only"]);
    expect(relatedPosts(self, all, 1).map((entry) => entry.slug)).toEqual(["two-tags"]);
  });
});

describe("pageNumber", () => {
  it("accepts whole numbers in range and refuses the rest", () => {
    expect(pageNumber(null, 13, 6)).toEqual({ page: 1, pageCount: 3 });
    expect(pageNumber("3", 13, 6)).toEqual({ page: 3, pageCount: 3 });
    for (const bad of ["4", "0", "-1", "1.5", "01", "abc", "", "9999999999"]) expect(pageNumber(bad, 13, 6)).toBeNull();
    expect(pageNumber(null, 0, 6)).toEqual({ page: 1, pageCount: 1 });
  });
});

describe("topicSchema", () => {
  it("accepts lower-case words with hyphens, in Turkish too", () => {
    expect(topicSchema.safeParse("dnssec").success).toBe(true);
    expect(topicSchema.safeParse("alan-adı").success).toBe(true);
    expect(topicSchema.safeParse("Bad Tag").success).toBe(false);
    expect(topicSchema.safeParse("<x>").success).toBe(false);
  });
});
