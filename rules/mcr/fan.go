package mcr

import "fmt"

// Fan is one of the official fans, numbered as in the WMO rulebook
// (spec/mcr.md §8.1), plus MixedKongs, the optional 明暗杠 (D-MC-12).
type Fan uint8

// The fans.
const (
	BigFourWinds             Fan = iota + 1 // 大四喜
	BigThreeDragons                         // 大三元
	AllGreen                                // 绿一色
	NineGates                               // 九莲宝灯
	FourKongs                               // 四杠
	SevenShiftedPairs                       // 连七对
	ThirteenOrphans                         // 十三幺
	AllTerminals                            // 清幺九
	LittleFourWinds                         // 小四喜
	LittleThreeDragons                      // 小三元
	AllHonors                               // 字一色
	FourConcealedPungs                      // 四暗刻
	PureTerminalChows                       // 一色双龙会
	QuadrupleChow                           // 一色四同顺
	FourPureShiftedPungs                    // 一色四节高
	FourPureShiftedChows                    // 一色四步高
	ThreeKongs                              // 三杠
	AllTerminalsAndHonors                   // 混幺九
	SevenPairs                              // 七对
	GreaterHonorsKnitted                    // 七星不靠
	AllEvenPungs                            // 全双刻
	FullFlush                               // 清一色
	PureTripleChow                          // 一色三同顺
	PureShiftedPungs                        // 一色三节高
	UpperTiles                              // 全大
	MiddleTiles                             // 全中
	LowerTiles                              // 全小
	PureStraight                            // 清龙
	ThreeSuitedTerminalChows                // 三色双龙会
	PureShiftedChows                        // 一色三步高
	AllFives                                // 全带五
	TriplePung                              // 三同刻
	ThreeConcealedPungs                     // 三暗刻
	LesserHonorsKnitted                     // 全不靠
	KnittedStraight                         // 组合龙
	UpperFour                               // 大于五
	LowerFour                               // 小于五
	BigThreeWinds                           // 三风刻
	MixedStraight                           // 花龙
	ReversibleTiles                         // 推不倒
	MixedTripleChow                         // 三色三同顺
	MixedShiftedPungs                       // 三色三节高
	ChickenHand                             // 无番和
	LastTileDraw                            // 妙手回春
	LastTileClaim                           // 海底捞月
	OutWithReplacement                      // 杠上开花
	RobbingTheKong                          // 抢杠和
	TwoConcealedKongs                       // 双暗杠
	AllPungs                                // 碰碰和
	HalfFlush                               // 混一色
	MixedShiftedChows                       // 三色三步高
	AllTypes                                // 五门齐
	MeldedHand                              // 全求人
	TwoDragonPungs                          // 双箭刻
	OutsideHand                             // 全带幺
	FullyConcealed                          // 不求人
	TwoMeldedKongs                          // 双明杠
	LastTile                                // 和绝张
	DragonPung                              // 箭刻
	PrevalentWind                           // 圈风刻
	SeatWind                                // 门风刻
	ConcealedHand                           // 门前清
	AllChows                                // 平和
	TileHog                                 // 四归一
	DoublePung                              // 双同刻
	TwoConcealedPungs                       // 双暗刻
	ConcealedKong                           // 暗杠
	AllSimples                              // 断幺
	PureDoubleChow                          // 一般高
	MixedDoubleChow                         // 喜相逢
	ShortStraight                           // 连六
	TwoTerminalChows                        // 老少副
	PungOfTerminals                         // 幺九刻
	MeldedKong                              // 明杠
	OneVoidedSuit                           // 缺一门
	NoHonors                                // 无字
	EdgeWait                                // 边张
	ClosedWait                              // 坎张
	SingleWait                              // 单钓将
	SelfDrawn                               // 自摸
	FlowerTiles                             // 花牌
	MixedKongs                              // 明暗杠 (D-MC-12 option, not one of the 81)
	numFans
)

type fanInfo struct {
	zh, en string
	value  int
}

var fans = [numFans]fanInfo{
	BigFourWinds:             {"大四喜", "Big Four Winds", 88},
	BigThreeDragons:          {"大三元", "Big Three Dragons", 88},
	AllGreen:                 {"绿一色", "All Green", 88},
	NineGates:                {"九莲宝灯", "Nine Gates", 88},
	FourKongs:                {"四杠", "Four Kongs", 88},
	SevenShiftedPairs:        {"连七对", "Seven Shifted Pairs", 88},
	ThirteenOrphans:          {"十三幺", "Thirteen Orphans", 88},
	AllTerminals:             {"清幺九", "All Terminals", 64},
	LittleFourWinds:          {"小四喜", "Little Four Winds", 64},
	LittleThreeDragons:       {"小三元", "Little Three Dragons", 64},
	AllHonors:                {"字一色", "All Honors", 64},
	FourConcealedPungs:       {"四暗刻", "Four Concealed Pungs", 64},
	PureTerminalChows:        {"一色双龙会", "Pure Terminal Chows", 64},
	QuadrupleChow:            {"一色四同顺", "Quadruple Chow", 48},
	FourPureShiftedPungs:     {"一色四节高", "Four Pure Shifted Pungs", 48},
	FourPureShiftedChows:     {"一色四步高", "Four Pure Shifted Chows", 32},
	ThreeKongs:               {"三杠", "Three Kongs", 32},
	AllTerminalsAndHonors:    {"混幺九", "All Terminals and Honors", 32},
	SevenPairs:               {"七对", "Seven Pairs", 24},
	GreaterHonorsKnitted:     {"七星不靠", "Greater Honors and Knitted Tiles", 24},
	AllEvenPungs:             {"全双刻", "All Even Pungs", 24},
	FullFlush:                {"清一色", "Full Flush", 24},
	PureTripleChow:           {"一色三同顺", "Pure Triple Chow", 24},
	PureShiftedPungs:         {"一色三节高", "Pure Shifted Pungs", 24},
	UpperTiles:               {"全大", "Upper Tiles", 24},
	MiddleTiles:              {"全中", "Middle Tiles", 24},
	LowerTiles:               {"全小", "Lower Tiles", 24},
	PureStraight:             {"清龙", "Pure Straight", 16},
	ThreeSuitedTerminalChows: {"三色双龙会", "Three-Suited Terminal Chows", 16},
	PureShiftedChows:         {"一色三步高", "Pure Shifted Chows", 16},
	AllFives:                 {"全带五", "All Fives", 16},
	TriplePung:               {"三同刻", "Triple Pung", 16},
	ThreeConcealedPungs:      {"三暗刻", "Three Concealed Pungs", 16},
	LesserHonorsKnitted:      {"全不靠", "Lesser Honors and Knitted Tiles", 12},
	KnittedStraight:          {"组合龙", "Knitted Straight", 12},
	UpperFour:                {"大于五", "Upper Four", 12},
	LowerFour:                {"小于五", "Lower Four", 12},
	BigThreeWinds:            {"三风刻", "Big Three Winds", 12},
	MixedStraight:            {"花龙", "Mixed Straight", 8},
	ReversibleTiles:          {"推不倒", "Reversible Tiles", 8},
	MixedTripleChow:          {"三色三同顺", "Mixed Triple Chow", 8},
	MixedShiftedPungs:        {"三色三节高", "Mixed Shifted Pungs", 8},
	ChickenHand:              {"无番和", "Chicken Hand", 8},
	LastTileDraw:             {"妙手回春", "Last Tile Draw", 8},
	LastTileClaim:            {"海底捞月", "Last Tile Claim", 8},
	OutWithReplacement:       {"杠上开花", "Out with Replacement Tile", 8},
	RobbingTheKong:           {"抢杠和", "Robbing the Kong", 8},
	TwoConcealedKongs:        {"双暗杠", "Two Concealed Kongs", 8},
	AllPungs:                 {"碰碰和", "All Pungs", 6},
	HalfFlush:                {"混一色", "Half Flush", 6},
	MixedShiftedChows:        {"三色三步高", "Mixed Shifted Chows", 6},
	AllTypes:                 {"五门齐", "All Types", 6},
	MeldedHand:               {"全求人", "Melded Hand", 6},
	TwoDragonPungs:           {"双箭刻", "Two Dragon Pungs", 6},
	OutsideHand:              {"全带幺", "Outside Hand", 4},
	FullyConcealed:           {"不求人", "Fully Concealed Hand", 4},
	TwoMeldedKongs:           {"双明杠", "Two Melded Kongs", 4},
	LastTile:                 {"和绝张", "Last Tile", 4},
	DragonPung:               {"箭刻", "Dragon Pung", 2},
	PrevalentWind:            {"圈风刻", "Prevalent Wind", 2},
	SeatWind:                 {"门风刻", "Seat Wind", 2},
	ConcealedHand:            {"门前清", "Concealed Hand", 2},
	AllChows:                 {"平和", "All Chows", 2},
	TileHog:                  {"四归一", "Tile Hog", 2},
	DoublePung:               {"双同刻", "Double Pung", 2},
	TwoConcealedPungs:        {"双暗刻", "Two Concealed Pungs", 2},
	ConcealedKong:            {"暗杠", "Concealed Kong", 2},
	AllSimples:               {"断幺", "All Simples", 2},
	PureDoubleChow:           {"一般高", "Pure Double Chow", 1},
	MixedDoubleChow:          {"喜相逢", "Mixed Double Chow", 1},
	ShortStraight:            {"连六", "Short Straight", 1},
	TwoTerminalChows:         {"老少副", "Two Terminal Chows", 1},
	PungOfTerminals:          {"幺九刻", "Pung of Terminals or Honors", 1},
	MeldedKong:               {"明杠", "Melded Kong", 1},
	OneVoidedSuit:            {"缺一门", "One Voided Suit", 1},
	NoHonors:                 {"无字", "No Honors", 1},
	EdgeWait:                 {"边张", "Edge Wait", 1},
	ClosedWait:               {"坎张", "Closed Wait", 1},
	SingleWait:               {"单钓将", "Single Wait", 1},
	SelfDrawn:                {"自摸", "Self-Drawn", 1},
	FlowerTiles:              {"花牌", "Flower Tiles", 1},
	MixedKongs:               {"明暗杠", "Concealed and Melded Kong", 5},
}

// seedNames are the seed's spellings of its 45 fans [S L34–L80].
var seedNames = map[Fan]string{
	EdgeWait: "辺張", ClosedWait: "坎張", SingleWait: "単釣将", SelfDrawn: "自摸",
	DragonPung: "箭刻", PrevalentWind: "圏風刻", SeatWind: "門風刻", ConcealedHand: "門前清",
	AllChows: "平和", AllSimples: "断幺", FullyConcealed: "不求人", OutsideHand: "全帯幺",
	LastTile: "和絶張", AllPungs: "碰碰和", HalfFlush: "混一色", MixedShiftedChows: "三色三歩高",
	AllTypes: "五門斉", MeldedHand: "全求人", MixedStraight: "花龍", ReversibleTiles: "推不倒",
	MixedTripleChow: "三色三同順", LastTileDraw: "妙手回春", LastTileClaim: "海底撈月",
	OutWithReplacement: "槓上開花", RobbingTheKong: "搶杠和", UpperFour: "大于五", LowerFour: "小于五",
	PureStraight: "清龍", PureShiftedChows: "一色三歩高", AllFives: "全帯五", SevenPairs: "七対",
	FullFlush: "清一色", PureTripleChow: "一色三同順", PureShiftedPungs: "一色三節高",
	AllTerminalsAndHonors: "混幺九", AllTerminals: "清幺九", LittleFourWinds: "小四喜",
	LittleThreeDragons: "小三元", AllHonors: "字一色", FourConcealedPungs: "四暗刻",
	BigFourWinds: "大四喜", BigThreeDragons: "大三元", AllGreen: "緑一色", NineGates: "九蓮宝灯",
	ThirteenOrphans: "十三幺",
}

// Japanese returns the seed's spelling of one of its 45 fans (e.g.
// 三色三歩高), and the Chinese name of the others.
func (f Fan) Japanese() string {
	if n, ok := seedNames[f]; ok {
		return n
	}
	return f.Chinese()
}

// Valid reports whether f is one of the fans.
func (f Fan) Valid() bool { return f >= BigFourWinds && f < numFans }

// Chinese returns the fan's official (simplified Chinese) name.
func (f Fan) Chinese() string {
	if f.Valid() {
		return fans[f].zh
	}
	return fmt.Sprintf("Fan(%d)", uint8(f))
}

// English returns the fan's WMO English name.
func (f Fan) English() string {
	if f.Valid() {
		return fans[f].en
	}
	return fmt.Sprintf("Fan(%d)", uint8(f))
}

// Points returns the fan's value under the WMO 2006 rulebook;
// Options.Points applies the edition (D-MC-11).
func (f Fan) Points() int {
	if f.Valid() {
		return fans[f].value
	}
	return 0
}

// String returns both names, e.g. "清龙 Pure Straight".
func (f Fan) String() string { return f.Chinese() + " " + f.English() }

// ParseFan returns the fan with the given Chinese, seed (Japanese) or
// English name, as written in the tables; 嵌张 is accepted for 坎张.
func ParseFan(name string) (Fan, bool) {
	switch name {
	case "":
		return 0, false
	case "嵌张":
		return ClosedWait, true
	}
	for f := BigFourWinds; f < numFans; f++ {
		if fans[f].zh == name || fans[f].en == name || seedNames[f] == name {
			return f, true
		}
	}
	return 0, false
}

// FanSet is a set of fans, bit f for Fan f.
type FanSet [2]uint64

// Has reports whether f is in s.
func (s *FanSet) Has(f Fan) bool { return s[f/64]&(1<<(f%64)) != 0 }

func (s *FanSet) add(fs ...Fan) {
	for _, f := range fs {
		s[f/64] |= 1 << (f % 64)
	}
}

// OfficialFans is the 81 fans (spec/mcr.md §8.1).
func OfficialFans() FanSet {
	var s FanSet
	for f := BigFourWinds; f <= FlowerTiles; f++ {
		s.add(f)
	}
	return s
}

// SimplifiedFans is the seed's 45 fans (spec/mcr.md §4.1, [S L34–L80]).
func SimplifiedFans() FanSet {
	var s FanSet
	s.add(EdgeWait, ClosedWait, SingleWait, SelfDrawn,
		DragonPung, PrevalentWind, SeatWind, ConcealedHand, AllChows, AllSimples,
		FullyConcealed, OutsideHand, LastTile,
		AllPungs, HalfFlush, MixedShiftedChows, AllTypes, MeldedHand,
		MixedStraight, ReversibleTiles, MixedTripleChow, LastTileDraw, LastTileClaim, OutWithReplacement, RobbingTheKong,
		UpperFour, LowerFour,
		PureStraight, PureShiftedChows, AllFives,
		SevenPairs, FullFlush, PureTripleChow, PureShiftedPungs,
		AllTerminalsAndHonors,
		AllTerminals, LittleFourWinds, LittleThreeDragons, AllHonors, FourConcealedPungs,
		BigFourWinds, BigThreeDragons, AllGreen, NineGates, ThirteenOrphans)
	return s
}

// Count returns the number of fans in s.
func (s *FanSet) Count() int {
	n := 0
	for f := BigFourWinds; f < numFans; f++ {
		if s.Has(f) {
			n++
		}
	}
	return n
}

// notWith lists, for each fan, the fans it implies and that are therefore
// not counted with it (spec/mcr.md §8.1 "Not with", §5.2; non-repeat).
// Fans counted per set (幺九刻 of the wind pungs) and the chow and pung
// group fans (account-once, §8.2) are handled where they are found.
var notWith = [numFans][]Fan{
	BigFourWinds:             {BigThreeWinds, AllPungs, PrevalentWind, SeatWind, PungOfTerminals},
	BigThreeDragons:          {DragonPung, TwoDragonPungs},
	AllGreen:                 {HalfFlush, OneVoidedSuit},
	NineGates:                {FullFlush, ConcealedHand, FullyConcealed, PungOfTerminals, NoHonors, EdgeWait, ClosedWait, SingleWait},
	FourKongs:                {ThreeKongs, TwoMeldedKongs, MeldedKong, TwoConcealedKongs, ConcealedKong, MixedKongs, AllPungs, SingleWait},
	SevenShiftedPairs:        {SevenPairs, FullFlush, ConcealedHand, FullyConcealed, SingleWait, NoHonors},
	ThirteenOrphans:          {AllTypes, ConcealedHand, FullyConcealed, SingleWait, AllTerminalsAndHonors},
	AllTerminals:             {AllPungs, AllTerminalsAndHonors, OutsideHand, PungOfTerminals, NoHonors, DoublePung},
	LittleFourWinds:          {BigThreeWinds},
	LittleThreeDragons:       {DragonPung, TwoDragonPungs},
	AllHonors:                {AllPungs, AllTerminalsAndHonors, OutsideHand, PungOfTerminals, OneVoidedSuit},
	FourConcealedPungs:       {AllPungs, ConcealedHand, FullyConcealed, ThreeConcealedPungs, TwoConcealedPungs},
	PureTerminalChows:        {SevenPairs, FullFlush, AllChows, PureDoubleChow, TwoTerminalChows, NoHonors},
	QuadrupleChow:            {PureTripleChow, PureShiftedPungs, PureDoubleChow, TileHog},
	FourPureShiftedPungs:     {PureShiftedPungs, PureTripleChow, AllPungs},
	FourPureShiftedChows:     {PureShiftedChows, ShortStraight, TwoTerminalChows},
	ThreeKongs:               {TwoMeldedKongs, MeldedKong, TwoConcealedKongs, ConcealedKong, MixedKongs},
	AllTerminalsAndHonors:    {AllPungs, OutsideHand, PungOfTerminals},
	SevenPairs:               {ConcealedHand, FullyConcealed, SingleWait},
	GreaterHonorsKnitted:     {LesserHonorsKnitted, AllTypes, ConcealedHand, FullyConcealed, SingleWait},
	AllEvenPungs:             {AllPungs, AllSimples, NoHonors},
	FullFlush:                {NoHonors, OneVoidedSuit},
	PureTripleChow:           {PureShiftedPungs, PureDoubleChow},
	PureShiftedPungs:         {PureTripleChow},
	UpperTiles:               {UpperFour, NoHonors},
	MiddleTiles:              {AllSimples, NoHonors},
	LowerTiles:               {LowerFour, NoHonors},
	PureStraight:             {ShortStraight, TwoTerminalChows},
	ThreeSuitedTerminalChows: {AllChows, MixedDoubleChow, TwoTerminalChows, NoHonors},
	AllFives:                 {AllSimples, NoHonors},
	TriplePung:               {DoublePung},
	ThreeConcealedPungs:      {TwoConcealedPungs},
	LesserHonorsKnitted:      {AllTypes, ConcealedHand, FullyConcealed, SingleWait},
	UpperFour:                {NoHonors},
	LowerFour:                {NoHonors},
	ReversibleTiles:          {OneVoidedSuit},
	LastTileDraw:             {SelfDrawn},
	OutWithReplacement:       {SelfDrawn},
	RobbingTheKong:           {LastTile},
	TwoConcealedKongs:        {ConcealedKong, TwoConcealedPungs},
	HalfFlush:                {OneVoidedSuit},
	MeldedHand:               {SingleWait},
	TwoDragonPungs:           {DragonPung},
	FullyConcealed:           {SelfDrawn, ConcealedHand},
	TwoMeldedKongs:           {MeldedKong},
	MixedKongs:               {MeldedKong, ConcealedKong},
	AllChows:                 {NoHonors},
	AllSimples:               {NoHonors},
}

// notWithSet is notWith as sets.
var notWithSet = func() (v [numFans]FanSet) {
	for f, xs := range notWith {
		v[f].add(xs...)
	}
	return v
}()
