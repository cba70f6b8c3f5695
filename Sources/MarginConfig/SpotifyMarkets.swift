/// The countries Spotify serves, as ISO 3166-1 alpha-2 codes: the `market` values its Web API
/// answers for (its `/markets` list, and the `available_markets` of shows).
public enum SpotifyMarkets {
    public static let codes: Set<String> = Set("""
        AD AE AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CG CH CI \
        CL CM CO CR CV CW CY CZ DE DJ DK DM DO DZ EC EE EG ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR \
        GT GW GY HK HN HR HT HU ID IE IL IN IQ IS IT JM JO JP KE KG KH KI KM KN KR KW KZ LA LB LC LI LK \
        LR LS LT LU LV LY MA MC MD ME MG MH MK ML MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR \
        NZ OM PA PE PG PH PK PL PR PS PT PW PY QA RO RS RU RW SA SB SC SE SG SI SK SL SM SN SR ST SV SZ \
        TD TG TH TJ TL TN TO TR TT TV TW TZ UA UG US UY UZ VC VE VN VU WS XK ZA ZM ZW
        """.split(separator: " ").map(String.init))
}
