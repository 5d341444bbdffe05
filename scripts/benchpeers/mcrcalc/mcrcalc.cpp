// mcrcalc times ChineseOfficialMahjongHelper's MCR calculator
// (calculate_fan, from its public source; scripts/bench-peers builds it)
// on the hands benchpeers -calc-hands writes, the way benchpeers times
// jantaku: CPU time per hand, a warm-up, then the least of five repeats.
//
//   mcrcalc HANDS MS          one line per figure: "c++ FIGURE ns hands wins"
//   mcrcalc HANDS -rounds N   each figure exactly N rounds, once (valgrind)
//
// "score" is calculate_fan on hands read beforehand; "parse+score" reads
// each hand's text with string_to_tiles first. Totals that differ from
// the corpus's are reported on standard error.
#include "fan_calculator.h"
#include "stringify.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace mahjong;

namespace {

struct hand {
    std::string text;
    calculate_param_t param;
    int total, id;
};

std::vector<hand> hands;
volatile int sink;

double cpu_ns() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int score_round() {
    fan_table_t ft;
    int wins = 0;
    for (const hand &h : hands) {
        memset(ft, 0, sizeof ft);
        wins += calculate_fan(&h.param, &ft) > 0;
    }
    return wins;
}

int parse_round() {
    fan_table_t ft;
    int wins = 0;
    for (const hand &h : hands) {
        calculate_param_t p;
        if (string_to_tiles(h.text.data(), h.text.size(), &p.hand_tiles, &p.win_tile) != PARSE_NO_ERROR) abort();
        p.flower_count = h.param.flower_count;
        p.win_flag = h.param.win_flag;
        p.prevalent_wind = h.param.prevalent_wind;
        p.seat_wind = h.param.seat_wind;
        memset(ft, 0, sizeof ft);
        wins += calculate_fan(&p, &ft) > 0;
    }
    return wins;
}

// per_hand runs f for about budget_ns of CPU time and returns the CPU
// time of a hand.
double per_hand(int (*f)(), double budget_ns) {
    double t0 = cpu_ns(), t;
    long rounds = 0;
    do {
        sink = f();
        ++rounds;
    } while ((t = cpu_ns()) - t0 < budget_ns);
    return (t - t0) / (rounds * double(hands.size()));
}

void report(const char *figure, int (*f)(), double budget_ns, long rounds) {
    int wins = f();
    if (rounds > 0) {
        for (long i = 0; i < rounds; ++i) sink = f();
        printf("c++ %s 0 %zu %d\n", figure, hands.size(), wins);
        return;
    }
    per_hand(f, budget_ns);  // warm-up
    double best = 0;
    for (int i = 0; i < 5; ++i) {
        double v = per_hand(f, budget_ns);
        if (i == 0 || v < best) best = v;
    }
    printf("c++ %s %.1f %zu %d\n", figure, best, hands.size(), wins);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 3 && !(argc == 4 && strcmp(argv[2], "-rounds") == 0)) {
        fprintf(stderr, "usage: mcrcalc HANDS MS | mcrcalc HANDS -rounds N\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        fprintf(stderr, "mcrcalc: cannot read %s\n", argv[1]);
        return 1;
    }
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        std::istringstream ls(line);
        hand h;
        int self, prevalent, seat, flowers;
        if (!(ls >> h.text >> self >> prevalent >> seat >> flowers >> h.total >> h.id)) {
            fprintf(stderr, "mcrcalc: %s:%d: want a hand and six numbers\n", argv[1], n);
            return 1;
        }
        memset(&h.param, 0, sizeof h.param);
        if (string_to_tiles(h.text.data(), h.text.size(), &h.param.hand_tiles, &h.param.win_tile) != PARSE_NO_ERROR) {
            fprintf(stderr, "mcrcalc: %s:%d: the calculator cannot read %s\n", argv[1], n, h.text.c_str());
            return 1;
        }
        h.param.flower_count = uint8_t(flowers);
        h.param.win_flag = self ? WIN_FLAG_SELF_DRAWN : WIN_FLAG_DISCARD;
        h.param.prevalent_wind = wind_t(prevalent);
        h.param.seat_wind = wind_t(seat);
        hands.push_back(h);
    }
    int agree = 0;
    for (const hand &h : hands) {
        fan_table_t ft = {0};
        int got = calculate_fan(&h.param, &ft);
        if (got == h.total) ++agree;
        else fprintf(stderr, "mcrcalc: case %d %s: %d fan, the corpus says %d\n", h.id, h.text.c_str(), got, h.total);
    }
    fprintf(stderr, "mcrcalc: %d of %zu totals as the corpus gives them\n", agree, hands.size());
    long rounds = argc == 4 ? atol(argv[3]) : 0;
    double budget = argc == 3 ? atof(argv[2]) * 1e6 : 0;
    report("mcr/score", score_round, budget, rounds);
    report("mcr/parse+score", parse_round, budget, rounds);
    return 0;
}
