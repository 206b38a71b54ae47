import type { HomeResources } from "./home.en";

/** Turkish texts of the home page (the same keys as `home.en.ts`). */
const home: HomeResources = {
  home: {
    hero: {
      title: "Fikrinize uyan alan adını bulun",
      subtitle:
        "500'den fazla uzantıda aynı anda arayın. Her alan adı ücretsiz WHOIS gizliliği, DNSSEC ve SSL ile gelir — yenilemede de dürüst kalan bir fiyatla.",
      searchLabel: "Alan adı arayın",
      searchPlaceholder: "adiniz.com ya da fikrinizi anlatın",
      searchButton: "Trinity Modu ile ara",
      plainSearchButton: "Ara",
      searching: "Aranıyor…",
      hint: "Bir ad yazın ya da projenizi anlatın; Trinity boşta olan adlar önersin.",
    },
    prices: {
      title: "Popüler uzantılar",
      onlyFrom: "yalnızca",
      perYear: "ilk yıl",
      seeAll: "Tüm uzantıları ve fiyatları görün",
      unavailable: "Fiyat alınamadı",
      notAvailable: "Yok",
    },
    features: {
      title: "Bir alan adının ihtiyacı olan her şey dahil",
      items: {
        search: {
          title: "Tüm katalogda arayın",
          text: "Tek bir arama, adınızı sattığımız her uzantıda kontrol eder ve ilk yıl ile yenileme fiyatını yan yana gösterir.",
        },
        dns: {
          title: "Sorunsuz çalışan DNS",
          text: "A, AAAA, CNAME, MX, TXT, NS ve SRV kayıtlarını, URL ve gizli yönlendirmeyi tek ve sade bir ekrandan yönetin.",
        },
        transfer: {
          title: "Zahmetsiz transfer",
          text: "Alan adlarınızı transfer koduyla taşıyın; transfer kaydınıza bir yıl ekler ve her adımı biz takip ederiz.",
        },
        servers: {
          title: "Alan adınızın yanında sunucular",
          text: "x86 veya ARM64 VPS, CPU root ya da GPU sunucu kurun ve alan adınızı dakikalar içinde yönlendirin.",
        },
      },
    },
    why: {
      title: "Neden bizi seçmelisiniz",
      items: {
        ssl: {
          title: "Ücretsiz SSL",
          text: "Bizde barındırdığınız her alan adı için sertifikalar otomatik olarak verilir ve yenilenir.",
        },
        dnssec: {
          title: "Varsayılan olarak DNSSEC",
          text: "Bölgeleriniz ilk günden imzalanır; alan adınızla ilgili yanıtlar taklit edilemez.",
        },
        privacy: {
          title: "Ücretsiz WHOIS gizliliği",
          text: "Adınız, adresiniz ve telefonunuz ek ücret olmadan herkese açık sorgulardan gizlenir.",
        },
        lock: {
          title: "Alan adı kilidi",
          text: "Her alan adı, siz kilidi açana kadar izinsiz transferlere karşı kilitlidir.",
        },
        renew: {
          title: "Hatırlatmalı otomatik yenileme",
          text: "Süre dolmadan hatırlatır ve zamanında yeneleriz; güvendiğiniz ad asla boşa düşmez.",
        },
        support: {
          title: "7/24 destek",
          text: "Her talebe gerçek kişiler yanıt verir, genellikle 24 ila 48 saat içinde.",
        },
      },
    },
    trinity: {
      eyebrow: "Trinity Modu",
      title: "Fikrinizi anlatın, kaydedebileceğiniz adları alın",
      text: "Trinity, Türkçe ya da İngilizce birkaç kelimeyi anahtar kelimeler, ön ekler, eş anlamlılar ve yaratıcı uzantılarla ad fikirlerine dönüştürür; yalnızca gerçekten boşta olan adları fiyatlarıyla gösterir.",
      try: "Trinity'yi deneyin",
      learnMore: "Daha fazla bilgi",
    },
    vps: {
      title: "Her iş yükü için sunucular",
      subtitle: "Yazılımınıza uyan mimariyi seçin. Her pakette DDoS koruması ve ayrılmış bir IPv4 adresi bulunur.",
      viewPlans: "Paketleri gör",
      items: {
        x86: {
          title: "x86 VPS",
          text: "Web siteleri, API'ler ve veritabanları için hızlı AMD EPYC çekirdekler ve NVMe depolama.",
        },
        arm: {
          title: "ARM64 VPS",
          text: "Konteynerler ve CI için harcadığınız her kuruşa daha çok performans veren verimli Ampere çekirdekler.",
        },
        cpu: {
          title: "CPU root sunucular",
          text: "Derlemeler, oyun sunucuları ve yoğun trafik için kimseyle paylaşılmayan ayrılmış çekirdekler.",
        },
        gpu: { title: "GPU root sunucular", text: "Çıkarım, eğitim ve render için ayrılmış NVIDIA GPU'lar." },
      },
    },
    faq: {
      title: "Sıkça sorulan sorular",
      items: {
        q1: {
          q: "Nasıl alan adı kaydederim?",
          a: "İstediğiniz adı arayın, sepete ekleyin, kaç yıl (1 ila 10) istediğinizi seçin ve ödeyin. Kayıt merkezi onayladığı anda, genellikle bir dakika içinde, alan adı sizindir.",
        },
        q2: {
          q: "Trinity Modu nedir?",
          a: "Trinity Modu, yardımlı aramamızdır. Projenizi birkaç kelimeyle anlatın; anahtar kelimeler, eş anlamlılar, ön ekler ve uzantılarla adlar önerir, hangilerinin boşta olduğunu kontrol eder ve fiyatlarını gösterir.",
        },
        q3: {
          q: "WHOIS gizliliği gerçekten ücretsiz mi?",
          a: "Evet. Kayıt merkezinin izin verdiği her alan adında gizlilik koruması, alan adı bizde kaldığı sürece dahildir.",
        },
        q4: {
          q: "Alan adımı başka bir kayıt kuruluşundan transfer edebilir miyim?",
          a: "Evet. Mevcut kayıt kuruluşunuzda alan adının kilidini açın, transfer (EPP) kodunu alın ve transferi burada başlatın. Toplam süre 10 yılı geçmediği sürece transfer kayda bir yıl ekler.",
        },
        q5: {
          q: "Yenilemeyi unutursam ne olur?",
          a: "Otomatik yenileme varsayılan olarak açıktır ve süre dolmadan hatırlatma göndeririz. Süre dolduktan sonra çoğu alan adının normal fiyatla yenileyebileceğiniz bir ek süresi, ardından kurtarma ücretli bir geri alma dönemi vardır.",
        },
        q6: {
          q: "Hangi ödeme yöntemlerini kabul ediyorsunuz?",
          a: "Başlıca kredi ve banka kartlarını, büyük siparişlerde banka havalesini kabul ediyoruz. Fiyatlar ABD doları cinsindendir ve geçerli olduğu yerde ICANN ücretini içerir.",
        },
      },
      contact: "Hâlâ sorunuz mu var?",
      contactLink: "Destekle iletişime geçin",
    },
  },
};

export default home;
